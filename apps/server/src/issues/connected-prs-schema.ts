import { schema } from "@gantry/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

const connections = schema.issuePullRequestConnections;

builder.objectField(Issue, "connectedPrs", (t) =>
  t.connection({
    type: Issue,
    description:
      "Pull requests connected to the issue on the boards the viewer can open, by number (ZenHub's PR connections, which the ZenHub import keeps).",
    resolve: async (issue, args, context) => {
      const visible = [...(await visibleWorkspaceIds(context))];
      if (visible.length === 0) return arrayConnection(args, []);
      const rows = await context.db
        .selectDistinct({ pullRequest: schema.issues })
        .from(connections)
        .innerJoin(schema.issues, eq(schema.issues.id, connections.pullRequestId))
        .where(and(eq(connections.issueId, issue.id), inArray(connections.workspaceId, visible)))
        .orderBy(asc(schema.issues.number));
      return arrayConnection(
        args,
        rows.map((row) => row.pullRequest),
      );
    },
  }),
);
