import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { ISSUE_COUNTS } from "../graphql/issue-counts.js";
import { requireWorkspace } from "../organizations/access.js";
import { Workspace } from "../workspaces/schema.js";
import { countWorkspaceIssues, searchWorkspaceIssues, workspaceIssueCounts } from "./search.js";
import { idsOf } from "./search-input.js";

/** The reference API's Workspace.issues: every issue of the workspace, open and closed, for scripts. */
builder.objectField(Workspace, "issues", (t) =>
  t.connection({
    type: Issue,
    description:
      "The workspace's issues and pull requests, open and closed, most recently updated first; narrowed by repositories and by title text or number.",
    args: {
      repositoryIds: t.arg.idList({ required: false }),
      query: t.arg.string({ required: false }),
    },
    resolve: async (workspace, args, context) => {
      await requireWorkspace(context.db, workspace.id, signedInViewer(context).id, "viewer");
      const search = {
        query: (args.query ?? "").slice(0, 200),
        includeClosed: true,
        ...(args.repositoryIds
          ? { repositoryIds: idsOf("repositoryIds", "Repository", args.repositoryIds) ?? [] }
          : {}),
      };
      const page = await resolveOffsetConnection({ args }, ({ limit, offset }) =>
        searchWorkspaceIssues(context.db, workspace.id, search, limit, offset),
      );
      return {
        ...page,
        totalCount: await countWorkspaceIssues(context.db, workspace.id, search),
        [ISSUE_COUNTS]: () => workspaceIssueCounts(context.db, workspace.id, search),
      };
    },
  }),
);
