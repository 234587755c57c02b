import { schema } from "@gantry/db";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { repositoryMilestones } from "../codehost/repository-milestones.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { Workspace } from "../workspaces/schema.js";
import { Milestone } from "./field-types.js";
import { type IssueRow, readableIssue, readableRepositoriesByGhId } from "./lookups.js";

// Root lookups of the reference API that scripts make with the ids they kept (decision 0075).

/** One request's issues; a script asking for more should ask in pages. */
const MAX_IDS = 100;

function atMost(ids: readonly unknown[], field: string): void {
  if (ids.length > MAX_IDS) {
    throw new GantryError("BAD_USER_INPUT", `Give at most ${MAX_IDS} issue ids.`, { field });
  }
}

builder.queryField("issues", (t) =>
  t.field({
    type: [Issue],
    description: `Issues by their ids (at most ${MAX_IDS}), in the order asked, of those in a workspace the viewer can read; the others are left out.`,
    authScopes: { signedIn: true },
    args: { ids: t.arg.globalIDList({ required: true, for: Issue }) },
    resolve: async (_root, args, context) => {
      atMost(args.ids, "ids");
      const viewerId = signedInViewer(context).id;
      const found: IssueRow[] = [];
      for (const id of new Set(args.ids.map((ref) => ref.id))) {
        const issue = await readableIssue(context.db, viewerId, id);
        if (issue) found.push(issue);
      }
      return found;
    },
  }),
);

const connections = schema.issuePullRequestConnections;

builder.queryField("issueConnections", (t) =>
  t.connection(
    {
      type: Issue,
      description:
        "The pull requests connected to any of these issues, and the issues connected to any of these pull requests, on the workspace's board: for each one asked, in that order, by number, each once.",
      authScopes: { signedIn: true },
      args: {
        workspaceId: t.arg.globalID({ required: true, for: Workspace }),
        issueIds: t.arg.globalIDList({ required: true, for: Issue }),
      },
      resolve: async (_root, args, context) => {
        atMost(args.issueIds, "issueIds");
        const workspaceId = args.workspaceId.id;
        await requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer");
        const asked = [...new Set(args.issueIds.map((ref) => ref.id))];
        const rows =
          asked.length === 0
            ? []
            : await context.db
                .select({
                  issueId: connections.issueId,
                  pullRequestId: connections.pullRequestId,
                  other: schema.issues,
                })
                .from(connections)
                .innerJoin(
                  schema.issues,
                  or(
                    and(inArray(connections.issueId, asked), eq(schema.issues.id, connections.pullRequestId)),
                    and(inArray(connections.pullRequestId, asked), eq(schema.issues.id, connections.issueId)),
                  ),
                )
                .where(eq(connections.workspaceId, workspaceId))
                .orderBy(asc(schema.issues.number));
        const seen = new Set<string>();
        const connected: IssueRow[] = [];
        for (const id of asked) {
          for (const row of rows) {
            if ((row.issueId !== id && row.pullRequestId !== id) || row.other.id === id || seen.has(row.other.id))
              continue;
            seen.add(row.other.id);
            connected.push(row.other);
          }
        }
        return arrayConnection(args, connected);
      },
    },
    { name: "IssueConnection" },
    { name: "IssueEdge" },
  ),
);

builder.queryField("milestoneByRepoGhIdAndNumber", (t) =>
  t.field({
    type: Milestone,
    description:
      "A milestone of a GitHub repository in a workspace the viewer can read, by number: one of GitHub's open milestones (read with the viewer's GitHub account) or one the repository's issues carry.",
    authScopes: { signedIn: true },
    args: {
      repositoryGhId: t.arg.int({ required: true }),
      milestoneNumber: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const viewerId = signedInViewer(context).id;
      const [repository] = await readableRepositoriesByGhId(context.db, viewerId, [args.repositoryGhId]);
      if (!repository) throw new GantryError("NOT_FOUND", "This repository does not exist.");
      const milestones = await repositoryMilestones(context.db, context.codeHost?.deps ?? null, viewerId, repository);
      const milestone = milestones.find((option) => option.number === args.milestoneNumber);
      if (!milestone) throw new GantryError("NOT_FOUND", "This milestone does not exist.");
      return milestone;
    },
  }),
);
