import { Issue } from "../codehost/issues-schema.js";
import { Repository, workspaceRepositoryRows } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { Workspace } from "../workspaces/schema.js";
import { workspaceIssue } from "./lookups.js";

// The reference's older ways to read a workspace's repositories and its own issues (decision 0075).

builder.objectFields(Workspace, (t) => ({
  repositories: t.field({
    type: [Repository],
    nullable: true,
    deprecationReason: "Use `Workspace.repositoriesConnection`.",
    description: "The repositories connected to the workspace, by owner and name, as a list.",
    resolve: async (workspace, _args, context) =>
      (await workspaceRepositoryRows(context, workspace)).map((row) => row.repository),
  }),
  gantryIssueByNumber: t.field({
    type: Issue,
    nullable: true,
    description: "The workspace's own (Gantry) issue of this number; null when there is none.",
    args: { number: t.arg.int({ required: true }) },
    resolve: async (workspace, args, context) => {
      if (args.number < 1) return null;
      try {
        return await workspaceIssue(context.db, signedInViewer(context).id, workspace.id, args.number);
      } catch (error) {
        if (error instanceof GantryError && error.code === "NOT_FOUND") return null;
        throw error;
      }
    },
  }),
}));
