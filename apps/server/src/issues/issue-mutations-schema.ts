import { GantryUser } from "../accounts/schema.js";
import { LabelInfoInput } from "../board/issue-mutations.js";
import { issueWriteDeps } from "../board/schema.js";
import { Issue, IssueState } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { decodeGantryId, idOfType } from "../graphql/builder.js";
import { recordOutput } from "../graphql/record-mutations.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { createIssue } from "./create-issue.js";
import { setEstimate } from "./estimates.js";
import { Milestone } from "./field-types.js";
import { issueTypeForRepository, issueTypeOfId } from "./issue-type-records.js";
import { assigneeLoginsOfUsers, labelsOfInfos } from "./reference-issue-inputs.js";
import { updateIssue } from "./update-issue.js";

/** The reference's payload for both: the issue as it now stands. */
const issueRecord = { key: "issue", type: Issue } as const;
const issueOutput = recordOutput(issueRecord.key, issueRecord.type);

signedInMutation(
  "createIssue",
  {
    inputFields: (t) => ({
      repositoryId: t.globalID({
        required: true,
        for: Repository,
        description: "A workspace's Gantry repository (a native issue) or a connected GitHub repository.",
      }),
      title: t.string({ required: true }),
      body: t.string({ required: false }),
      labels: t.stringList({ required: false }),
      assignees: t.stringList({ required: false }),
      milestone: t.int({ required: false }),
      gantryAssigneeIds: t.globalIDList({
        required: false,
        for: GantryUser,
        description: "Assignees as Gantry users (each must have connected GitHub), with `assignees`.",
      }),
      gantryLabelInfos: t.field({
        type: [LabelInfoInput],
        required: false,
        description: "Labels by name, with `labels`; a Gantry issue's label takes the colour given.",
      }),
      parentIssueId: t.globalID({ required: false, for: Issue }),
      issueTypeId: t.id({
        required: false,
        description: "The new issue's type, by its id (BaseIssueType.id): one its repository's issues can take.",
      }),
      pipelineId: t.id({
        required: false,
        description: "An open pipeline to put the issue at the top of; else the workspace's first.",
      }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const labelInfos = labelsOfInfos(input.gantryLabelInfos ?? []);
      const assigneesByUser = await assigneeLoginsOfUsers(
        context.db,
        (input.gantryAssigneeIds ?? []).map((id) => id.id),
      );
      return {
        issue: await createIssue(issueWriteDeps(context), viewer.id, {
          repositoryId: input.repositoryId.id,
          title: input.title,
          body: input.body ?? null,
          labels: input.labels || labelInfos.names.length ? [...(input.labels ?? []), ...labelInfos.names] : null,
          labelColors: labelInfos.colors,
          assignees:
            input.assignees || assigneesByUser.length ? [...(input.assignees ?? []), ...assigneesByUser] : null,
          milestone: input.milestone ?? null,
          parentIssueId: input.parentIssueId?.id ?? null,
          issueType: input.issueTypeId
            ? await issueTypeForRepository(
                context.db,
                input.repositoryId.id,
                await issueTypeOfId(context.db, String(input.issueTypeId)),
              )
            : null,
          pipelineId: input.pipelineId ? idOfType(decodeGantryId(String(input.pipelineId)), "Pipeline") : null,
          clientMutationId: input.clientMutationId ?? null,
        }),
      };
    },
  },
  issueOutput,
);

recordMutation(
  "setEstimate",
  issueRecord,
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue }),
      value: t.float({ required: false, description: "Story points; null clears the estimate." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      setEstimate(context, viewer.id, {
        issueId: input.issueId.id,
        value: input.value ?? null,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

recordMutation(
  "updateIssue",
  issueRecord,
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue }),
      title: t.string({ required: false, description: "Left out keeps the title." }),
      body: t.string({ required: false, description: "Markdown; left out keeps the body." }),
      milestoneId: t.globalID({
        required: false,
        for: Milestone,
        description: "A milestone of the issue's repository; null clears it, left out keeps it.",
      }),
      state: t.field({
        type: IssueState,
        required: false,
        description: "CLOSED closes, OPEN reopens (as closeIssues and reopenIssues); left out keeps the state.",
      }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updateIssue(issueWriteDeps(context), viewer.id, {
        issueId: input.issueId.id,
        title: input.title ?? null,
        body: input.body ?? null,
        ...(input.milestoneId === undefined ? {} : { milestoneId: input.milestoneId?.id ?? null }),
        state: input.state ?? null,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);
