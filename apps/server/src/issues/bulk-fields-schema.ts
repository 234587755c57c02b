import type { FieldMap, ObjectRef } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { bulkOutput } from "../board/issue-mutations.js";
import { Issue } from "../codehost/issues-schema.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { SprintIssue, sprintIssueRows } from "../sprints/sprint-issues-schema.js";
import {
  changeMembership,
  deleteGantryIssue,
  setMultipleEstimates,
  type TargetKind,
  type TargetRow,
} from "./bulk-fields.js";
import { GantryEpic, Sprint } from "./field-types.js";

signedInMutation(
  "setMultipleEstimates",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      value: t.float({ required: false, description: "Story points; null clears the estimates." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      setMultipleEstimates(context, viewer.id, {
        issueIds: input.issueIds.map((id) => id.id),
        value: input.value ?? null,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
  {
    outputFields: (t) => ({
      ...bulkOutput.outputFields(t),
      issues: t.field({ type: [Issue], resolve: (payload) => payload.issues }),
    }),
  },
);

type MembershipPayload<K extends TargetKind> = Awaited<ReturnType<typeof changeMembership<K>>>;

/**
 * `addIssuesTo<Targets>` or `removeIssuesFrom<Targets>`: issues join or leave sprints, releases or
 * Gantry epics (changeMembership), answering the bulk result with the targets under `<kind>s`;
 * `moreOutput` adds what the reference answers besides (addIssuesToSprints' sprintIssues).
 */
export function membershipMutation<K extends TargetKind>(options: {
  kind: K;
  change: "add" | "remove";
  type: ObjectRef<SchemaTypes, TargetRow<K>>;
  moreOutput?: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, MembershipPayload<K>>) => FieldMap;
}) {
  const targets = `${options.kind}s`;
  const plural = `${targets.charAt(0).toUpperCase()}${targets.slice(1)}`;
  const idsField = `${options.kind}Ids`;
  signedInMutation(
    options.change === "add" ? `addIssuesTo${plural}` : `removeIssuesFrom${plural}`,
    {
      inputFields: (t) => {
        // Named by the kind (sprintIds, releaseIds, gantryEpicIds), so kept apart from the typed fields.
        const targetIds: Record<never, never> = { [idsField]: t.globalIDList({ required: true, for: options.type }) };
        return {
          issueIds: t.globalIDList({ required: true, for: Issue }),
          ...targetIds,
          clientMutationId: t.string({ required: false }),
        };
      },
    },
    {
      run: (input, context, viewer) =>
        changeMembership(context, viewer.id, options.kind, options.change, {
          issueIds: input.issueIds.map((id) => id.id),
          targetIds: ((input as Record<string, unknown>)[idsField] as { id: string }[]).map((id) => id.id),
          clientMutationId: input.clientMutationId ?? null,
        }),
    },
    {
      outputFields: (t) => ({
        ...bulkOutput.outputFields(t),
        // As in recordOutput: TargetRow<K> is too generic for Pothos's result type.
        [targets]: t.field({ type: [options.type], resolve: (payload) => payload.targets as never }),
        ...options.moreOutput?.(t),
      }),
    },
  );
}

for (const change of ["add", "remove"] as const) {
  membershipMutation({
    kind: "sprint",
    change,
    type: Sprint,
    // The reference answers what addIssuesToSprints made: each issue's place in each sprint.
    moreOutput: (t): FieldMap =>
      change === "add"
        ? {
            sprintIssues: t.field({
              type: [SprintIssue],
              resolve: (payload, _args, context) =>
                sprintIssueRows(
                  context.db,
                  payload.targets.map((sprint) => sprint.id),
                  payload.issueIds,
                ),
            }),
          }
        : {},
  });
  membershipMutation({ kind: "gantryEpic", change, type: GantryEpic });
}

signedInMutation(
  "deleteGantryIssue",
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue, description: "A Gantry (native) issue." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => ({
      issueId: await deleteGantryIssue(
        context,
        viewer.id,
        { issueId: input.issueId.id, clientMutationId: input.clientMutationId ?? null },
        context.origin ?? null,
      ),
    }),
  },
  { outputFields: (t) => ({ issueId: t.id({ resolve: (payload) => encodeGlobalID("Issue", payload.issueId) }) }) },
);
