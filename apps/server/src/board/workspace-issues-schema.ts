import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { ISSUE_COUNTS } from "../graphql/issue-counts.js";
import { requireWorkspace } from "../organizations/access.js";
import { Workspace } from "../workspaces/schema.js";
import { IssueOrderInput } from "./order-input.js";
import { countWorkspaceIssues, searchWorkspaceIssues, workspaceIssueCounts } from "./search.js";
import { idsOf } from "./search-input.js";
import { WorkspaceIssuesFiltersInput, workspaceIssuesKept, workspaceIssuesOrder } from "./workspace-issue-filters.js";

/** The reference API's Workspace.issues: every issue of the workspace, open and closed, for scripts. */
builder.objectField(Workspace, "issues", (t) =>
  t.connection({
    type: Issue,
    description:
      "The workspace's issues and pull requests, open and closed, most recently updated first (or in `orderBy`'s order); narrowed by repositories, by title text or number, and by `filters` as the board filters.",
    args: {
      repositoryIds: t.arg.idList({ required: false }),
      query: t.arg.string({ required: false }),
      orderBy: t.arg({ type: IssueOrderInput, required: false }),
      filters: t.arg({ type: WorkspaceIssuesFiltersInput, required: false }),
    },
    resolve: async (workspace, args, context) => {
      await requireWorkspace(context.db, workspace.id, signedInViewer(context).id, "viewer");
      const search = {
        query: (args.query ?? "").slice(0, 200),
        includeClosed: true,
        ...(args.repositoryIds
          ? { repositoryIds: idsOf("repositoryIds", "Repository", args.repositoryIds) ?? [] }
          : {}),
        ...(args.filters ? { kept: await workspaceIssuesKept(context, workspace.id, args.filters) } : {}),
        ...(args.orderBy ? { order: workspaceIssuesOrder(args.orderBy, workspace.id) } : {}),
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
