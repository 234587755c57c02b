import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { GantryOrganization, organizationForViewer } from "../organizations/schema.js";
import { Workspace } from "../workspaces/schema.js";
import { type CriteriaSuggestion, suggestAcceptanceCriteria } from "./acceptance-criteria/suggest.js";
import { setOrganizationAiEnabled } from "./organization-setting.js";

builder.objectField(GantryOrganization, "aiEnabled", (t) =>
  t.exposeBoolean("aiEnabled", {
    description: "AI features (acceptance-criteria and label suggestions) are on; admins may switch them off.",
  }),
);

signedInMutation(
  "setGantryOrganizationAiEnabled",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      aiEnabled: t.boolean({ required: true }),
    }),
  },
  {
    description: "Switches AI features on or off for the organisation (owners and admins only).",
    run: async (input, context, viewer) => {
      const organizationId = input.gantryOrganizationId.id;
      await setOrganizationAiEnabled(context, viewer.id, organizationId, input.aiEnabled);
      return { gantryOrganization: await organizationForViewer(context, organizationId) };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

const AcceptanceCriteriaSource = builder.enumType("AcceptanceCriteriaSource", {
  values: {
    MODEL: { description: "Written by the configured language model, streamed as it answers." },
    SIMILAR_CLOSED_ISSUES: { description: "No model is configured: drawn from the most similar closed issues." },
  } as const,
});

const AcceptanceCriteriaSuggestion = builder.objectRef<CriteriaSuggestion>("AcceptanceCriteriaSuggestion").implement({
  description: "Acceptance criteria proposed for an issue so far; the person edits them before inserting.",
  fields: (t) => ({
    source: t.field({ type: AcceptanceCriteriaSource, resolve: (step) => step.source }),
    criteria: t.exposeStringList("criteria"),
    criteriaFrom: t.field({
      type: [Issue],
      description:
        "With SIMILAR_CLOSED_ISSUES: the closed issue each criterion (same place in `criteria`) was taken from, to be quoted as that issue's. Empty from the model.",
      resolve: (step) => step.criteriaFrom,
    }),
    similarIssues: t.field({
      type: [Issue],
      description: "The closed issues given to the model as examples, or the criteria were drawn from.",
      resolve: (step) => step.similarIssues,
    }),
    done: t.exposeBoolean("done", { description: "True on the last step: nothing more will come." }),
    message: t.exposeString("message", {
      nullable: true,
      description: "Where the criteria come from, when no model is configured.",
    }),
    failure: t.exposeString("failure", {
      nullable: true,
      description: "Why the model stopped before finishing (timeout, rate limit, error); the criteria so far are kept.",
    }),
  }),
});

const SuggestAcceptanceCriteriaInput = builder.inputType("SuggestAcceptanceCriteriaInput", {
  fields: (t) => ({
    workspaceId: t.globalID({ required: true, for: Workspace }),
    issueId: t.globalID({ required: false, for: Issue, description: "The issue being edited, for its labels." }),
    title: t.string({ required: true, description: "The title as it is in the editor now." }),
    body: t.string({ required: false, description: "The description as it is in the editor now." }),
  }),
});

/** Stops the model's answer as soon as the browser stops listening, instead of at its next piece. */
function abortOnReturn<T>(
  start: (signal: AbortSignal) => Promise<AsyncGenerator<T>>,
): Promise<AsyncIterableIterator<T>> {
  const controller = new AbortController();
  return start(controller.signal).then((steps) => {
    const iterator: AsyncIterableIterator<T> = {
      next: () => steps.next(),
      return: () => {
        controller.abort();
        return steps.return(undefined);
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  });
}

builder.subscriptionField("suggestAcceptanceCriteria", (t) =>
  t.field({
    type: AcceptanceCriteriaSuggestion,
    description:
      "Acceptance criteria for an issue being written, streamed: from the configured model, or else from similar closed issues.",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: SuggestAcceptanceCriteriaInput, required: true }) },
    subscribe: (_root, { input }, context) =>
      abortOnReturn((signal) =>
        suggestAcceptanceCriteria(
          context,
          signedInViewer(context).id,
          {
            workspaceId: input.workspaceId.id,
            issueId: input.issueId?.id ?? null,
            title: input.title,
            body: input.body ?? null,
          },
          signal,
        ),
      ),
    resolve: (step) => step,
  }),
);
