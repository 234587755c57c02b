import type { FieldMap } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { addAssigneesReportingUnassignable, assigneeLoginsOf } from "./assignees-by-id.js";
import { movePipelineIssues } from "./bulk-moves.js";
import { type BulkResult, type IssuePatch, patches, updateIssues } from "./issue-writes.js";
import { changedIssues, type LabelChoice, labelNamesOf, type TouchedLabel, touchedLabels } from "./label-ids.js";
import { issueWriteDeps, moveTarget } from "./schema.js";

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
type PayloadFields = PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, BulkResult>;

/** The reference schema's bulk payload: successCount, failedIssues and githubErrors (movePipelineIssues adds to it). */
export const bulkOutput: { outputFields: (t: PayloadFields) => FieldMap } = {
  outputFields: (t: PayloadFields) => ({
    successCount: t.exposeInt("successCount"),
    failedIssues: t.field({ type: [Issue], resolve: (result) => result.failedIssues }),
    // Keyed by the issue ids the client sent, not by database ids.
    githubErrors: t.field({
      type: "JSON",
      resolve: (result) =>
        Object.fromEntries(
          Object.entries(result.githubErrors).map(([id, message]) => [encodeGlobalID("Issue", id), message]),
        ),
    }),
  }),
};

function run(context: GraphQLContext, issueIds: { id: string }[], patch: IssuePatch): Promise<BulkResult> {
  return updateIssues(
    issueWriteDeps(context),
    signedInViewer(context).id,
    issueIds.map((id) => id.id),
    patch,
  );
}

signedInMutation(
  "closeIssues",
  { inputFields: (t) => ({ issueIds: t.globalIDList({ required: true, for: Issue }) }) },
  {
    run: (input, context) => run(context, input.issueIds, patches.close()),
  },
  bulkOutput,
);

export const PipelineIssuePosition = builder.enumType("PipelineIssuePosition", {
  values: ["START", "END"] as const,
});

signedInMutation(
  "reopenIssues",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      pipelineId: t.id({
        required: false,
        description:
          "An open pipeline to reopen the issues into, as the reference does; else they go back where they were.",
      }),
      position: t.field({ type: PipelineIssuePosition, required: false, defaultValue: "START" }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      if (input.pipelineId == null) return run(context, input.issueIds, patches.reopen());
      if (input.pipelineId === CLOSED_PIPELINE.id) {
        throw new GantryError("BAD_USER_INPUT", "Issues are reopened into an open pipeline, not Closed.", {
          field: "pipelineId",
        });
      }
      // Moving a closed issue into an open pipeline reopens it (on GitHub too), at the top or the bottom.
      const target = await moveTarget(context, String(input.pipelineId), undefined);
      return movePipelineIssues(issueWriteDeps(context), viewer.id, target.workspaceId, {
        pipelineId: target.pipelineId,
        issueIds: input.issueIds.map((id) => id.id),
        position: input.position ?? "START",
      });
    },
  },
  bulkOutput,
);

export const LabelInfoInput = builder.inputType("LabelInfoInput", {
  fields: (t) => ({
    name: t.string({ required: false, description: "The label's name (required in Gantry: a label is named)." }),
    color: t.string({
      required: false,
      description:
        "Six hex digits, like #1f75cb: the colour of a Gantry label made by name. A GitHub label keeps the colour GitHub gives it.",
    }),
  }),
});

/** The labels a bulk label write names, by reference id (`Label.id`, a GantryLabel's id) or by name. */
const labelChoiceFields = (t: PothosSchemaTypes.InputFieldBuilder<SchemaTypes, "InputObject">) => ({
  issueIds: t.globalIDList({ required: true, for: Issue }),
  labelIds: t.idList({
    required: false,
    description:
      "Labels by id, as Label.id gives them (or a GantryLabel's id): each is matched by name on every issue's repository.",
  }),
  labelInfos: t.field({ type: [LabelInfoInput], required: false, description: "Labels by name." }),
});

/**
 * addLabelsToIssues and removeLabelsFromIssues: every label id and name is checked before anything is written;
 * the payload's `labels` (public API) are the labels of those names on the changed issues' repositories.
 */
async function labelWrite(
  context: GraphQLContext,
  input: LabelChoice & { issueIds: { id: string }[] },
  patchOf: (names: string[]) => IssuePatch,
): Promise<BulkResult & { labels: TouchedLabel[] }> {
  const names = await labelNamesOf(context.db, signedInViewer(context).id, input);
  const result = await run(context, input.issueIds, patchOf(names));
  const changed = changedIssues(
    input.issueIds.map((id) => id.id),
    result.githubErrors,
  );
  return { ...result, labels: await touchedLabels(context.db, changed, names) };
}

signedInMutation(
  "addLabelsToIssues",
  { inputFields: labelChoiceFields },
  {
    run: (input, context) => labelWrite(context, input, patches.addLabels),
  },
  bulkOutput,
);

signedInMutation(
  "removeLabelsFromIssues",
  { inputFields: labelChoiceFields },
  {
    run: (input, context) => labelWrite(context, input, patches.removeLabels),
  },
  bulkOutput,
);

const assigneeInputFields = (t: PothosSchemaTypes.InputFieldBuilder<SchemaTypes, "InputObject">) => ({
  issueIds: t.globalIDList({ required: true, for: Issue }),
  assigneeIds: t.idList({
    required: false,
    description: "GitHub users by their `User` ids, as `Issue.assignees` gives them (the reference's way).",
  }),
  assigneeLogins: t.stringList({
    required: false,
    description: "GitHub logins (Gantry's way); with assigneeIds, both.",
  }),
});

signedInMutation(
  "addAssigneesToIssues",
  { inputFields: assigneeInputFields },
  {
    description:
      "Assigns people to issues. Named by `assigneeIds` (the reference's way), someone who cannot be assigned to an issue (not a member of a native issue's workspace, or refused by GitHub) is reported in `unassignable` and the rest are assigned; named by `assigneeLogins` only (Gantry's way), a native issue naming a non-member fails with the reason, as the board shows it.",
    run: async (input, context, viewer) => {
      const logins = assigneeLoginsOf(input.assigneeLogins, input.assigneeIds);
      if (!input.assigneeIds?.length)
        return { ...(await run(context, input.issueIds, patches.addAssignees(logins))), unassignable: [] };
      return addAssigneesReportingUnassignable(
        issueWriteDeps(context),
        viewer.id,
        input.issueIds.map((id) => id.id),
        logins,
      );
    },
  },
  bulkOutput,
);

signedInMutation(
  "removeAssigneesFromIssues",
  { inputFields: assigneeInputFields },
  {
    run: (input, context) =>
      run(context, input.issueIds, patches.removeAssignees(assigneeLoginsOf(input.assigneeLogins, input.assigneeIds))),
  },
  bulkOutput,
);

signedInMutation(
  "setIssuesMilestone",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      milestoneNumber: t.int({
        required: false,
        description:
          "The milestone's number in each issue's repository (GitHub's, or a Gantry repository's own); null clears it.",
      }),
    }),
  },
  {
    run: (input, context) => run(context, input.issueIds, patches.setMilestone(input.milestoneNumber ?? null)),
  },
  bulkOutput,
);

/** GitHub's issue type names: short, as its settings allow; checked before any issue is written. */
const MAX_ISSUE_TYPE_LENGTH = 50;

signedInMutation(
  "setIssuesType",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      name: t.string({
        required: false,
        description:
          "The issue type's name: on GitHub issues one of their organisation's issue types; null clears it (decision 0064).",
      }),
    }),
  },
  {
    run: (input, context) => {
      const name = input.name?.trim() || null;
      if (name !== null && name.length > MAX_ISSUE_TYPE_LENGTH)
        throw new GantryError(
          "BAD_USER_INPUT",
          `An issue type's name has at most ${MAX_ISSUE_TYPE_LENGTH} characters.`,
          {
            field: "name",
          },
        );
      return run(context, input.issueIds, patches.setType(name));
    },
  },
  bulkOutput,
);
