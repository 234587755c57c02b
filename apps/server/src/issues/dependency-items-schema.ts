import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { blockedIssuesOf, blockingIssuesOf, type IssueRow } from "./issue-loaders.js";
import { IssueDependencyItem } from "./relations-schema.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

// The reference's `Issue.blockingItems` / `blockedItems`: the same dependencies as `blockingIssues` / `blockedIssues`.

const IssueDependencyItemState = builder.enumType("IssueDependencyItemState", {
  values: ["OPEN", "CLOSED"] as const,
});

const IssueDependencyItemStateInput = builder.inputType("IssueDependencyItemStateInput", {
  fields: (t) => ({ eq: t.field({ type: IssueDependencyItemState, required: true }) }),
});

const IssueDependencyItemFiltersInput = builder.inputType("IssueDependencyItemFiltersInput", {
  fields: (t) => ({ state: t.field({ type: IssueDependencyItemStateInput, required: false }) }),
});

const itemConnection = builder.connectionObject(
  { type: IssueDependencyItem, name: "IssueDependencyItemConnection" },
  { name: "IssueDependencyItemEdge" },
);

for (const [name, relationOf, description] of [
  ["blockingItems", blockingIssuesOf, "Dependent items that are blocking this issue"],
  ["blockedItems", blockedIssuesOf, "Dependent items that are blocked by this issue"],
] as const) {
  builder.objectField(Issue, name, (t) =>
    t.connection(
      {
        type: IssueDependencyItem,
        description: `${description}, on the boards the viewer can open, each once, by number.`,
        args: { filters: t.arg({ type: IssueDependencyItemFiltersInput, required: false }) },
        resolve: async (issue, args, context) => {
          const [relations, visible] = await Promise.all([
            relationOf(context).load(issue.id),
            visibleWorkspaceIds(context),
          ]);
          const state = args.filters?.state?.eq;
          const items = new Map<string, IssueRow>();
          for (const relation of relations) {
            if (!visible.has(relation.workspaceId)) continue;
            if (state && relation.issue.state !== (state === "OPEN" ? "open" : "closed")) continue;
            items.set(relation.issue.id, relation.issue);
          }
          return arrayConnection(
            args,
            [...items.values()].sort((a, b) => a.number - b.number),
          );
        },
      },
      itemConnection,
    ),
  );
}
