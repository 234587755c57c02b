import { schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { emptyResult, mayEditIn, visibleIssues } from "../issues/bulk-fields.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { moveStrategicIssue } from "./moves.js";

// The reference's reprioritizeSubIssue (decision 0080): a sub-issue's place among its parent's sub-issues is its
// planning order (SPEC §4), kept per organisation, so it is moveStrategicIssue's reorder in each organisation whose
// boards show the sub-issue and that the person may edit.

signedInMutation(
  "reprioritizeSubIssue",
  {
    inputFields: (t) => ({
      childIssueId: t.globalID({ required: true, for: Issue }),
      parentId: t.globalID({ required: true, for: Issue }),
      afterId: t.globalID({ required: false, for: Issue, description: "The sibling to go right below." }),
      beforeId: t.globalID({ required: false, for: Issue, description: "The sibling to go right above." }),
    }),
  },
  {
    description: "Puts a sub-issue right below (afterId) or above (beforeId) a sibling in its parent's list.",
    run: async (input, context, viewer) => {
      const userId = viewer.id;
      const target = input.afterId ?? input.beforeId;
      if (!target || (input.afterId && input.beforeId))
        throw new GantryError("BAD_USER_INPUT", "Give one of afterId and beforeId.", { field: "afterId" });
      const [child, sibling] = await visibleIssues(
        context.db,
        userId,
        [input.childIssueId.id, target.id],
        emptyResult(),
      );
      if (!child || !sibling || child.issue.id !== input.childIssueId.id)
        throw new GantryError("NOT_FOUND", "This issue does not exist.");
      for (const [entry, field] of [
        [child, "childIssueId"],
        [sibling, input.afterId ? "afterId" : "beforeId"],
      ] as const) {
        if (entry.issue.parentIssueId !== input.parentId.id)
          throw new GantryError("BAD_USER_INPUT", `#${entry.issue.number} is not a sub-issue of this parent.`, {
            field,
          });
      }
      const visible = await visibleWorkspaceIds(context);
      const editable = child.workspaces
        .filter(({ workspaceId }) => visible.has(workspaceId) && mayEditIn(child, workspaceId))
        .map(({ workspaceId }) => workspaceId);
      if (editable.length === 0)
        throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
      const organizations = await context.db
        .selectDistinct({ id: schema.workspaces.organizationId })
        .from(schema.workspaces)
        .where(inArray(schema.workspaces.id, editable));
      for (const organization of organizations)
        await moveStrategicIssue(
          issueWriteDeps(context),
          userId,
          { organizationId: organization.id, visibleWorkspaceIds: [...visible] },
          {
            issueId: child.issue.id,
            targetIssueId: sibling.issue.id,
            instruction: input.afterId ? "REORDER_BELOW" : "REORDER_ABOVE",
          },
        );
      return { success: true };
    },
  },
  {
    outputFields: (t) => ({
      success: t.boolean({ resolve: (payload) => payload.success }),
      githubErrors: t.field({
        type: "JSON",
        description: "GitHub's refusals by issue id: none, as a refusal fails the whole call.",
        resolve: () => ({}),
      }),
    }),
  },
);
