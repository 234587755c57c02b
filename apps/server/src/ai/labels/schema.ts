import { schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import { Issue } from "../../codehost/issues-schema.js";
import { builder } from "../../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../../graphql/context.js";
import { signedInMutation } from "../../graphql/signed-in-mutation.js";
import { Workspace } from "../../workspaces/schema.js";
import {
  dismissLabelSuggestion,
  type SuggestedLabel,
  suggestedLabelsForDraft,
  suggestedLabelsForIssue,
} from "./suggestions.js";

/*
 * AI label suggestions (issue 13, decision 0032). Accepting one is adding the label through
 * addLabelsToIssues, the one label-editing path (it writes to GitHub too); only turning one
 * down is new here.
 */

const deps = (context: GraphQLContext) => ({ db: context.db, jobs: context.jobs });

const SuggestedLabelType = builder.objectRef<SuggestedLabel>("SuggestedLabel").implement({
  description: "A label the workspace's classifier, trained on its own labelled issues, is confident fits.",
  fields: (t) => ({
    name: t.exposeString("name"),
    color: t.string({ nullable: true, resolve: (label) => label.color || null }),
    confidence: t.exposeFloat("confidence", { description: "The classifier's probability that it fits, 0–1." }),
  }),
});

builder.queryField("suggestedLabels", (t) =>
  t.field({
    type: [SuggestedLabelType],
    description:
      "Labels suggested for an issue on the workspace's board, most confident first; empty when unsure or when the organization turned AI off.",
    authScopes: { signedIn: true },
    args: {
      workspaceId: t.arg.globalID({ required: true, for: Workspace }),
      issueId: t.arg.globalID({ required: true, for: Issue }),
    },
    resolve: (_root, args, context) =>
      suggestedLabelsForIssue(deps(context), signedInViewer(context).id, {
        workspaceId: args.workspaceId.id,
        issueId: args.issueId.id,
      }),
  }),
);

builder.queryField("suggestedLabelsForDraft", (t) =>
  t.field({
    type: [SuggestedLabelType],
    description: "Labels suggested for an issue being written in the workspace, before it is created.",
    authScopes: { signedIn: true },
    args: {
      workspaceId: t.arg.globalID({ required: true, for: Workspace }),
      title: t.arg.string({ required: true }),
      body: t.arg.string({ required: false }),
      labels: t.arg.stringList({ required: false, description: "Labels already chosen: not suggested again." }),
    },
    resolve: (_root, args, context) =>
      suggestedLabelsForDraft(deps(context), signedInViewer(context).id, {
        workspaceId: args.workspaceId.id,
        title: args.title,
        body: args.body ?? null,
        labels: args.labels ?? [],
      }),
  }),
);

signedInMutation(
  "dismissLabelSuggestion",
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue }),
      labelName: t.string({ required: true }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await dismissLabelSuggestion(context.db, viewer.id, {
        issueId: input.issueId.id,
        labelName: input.labelName,
      });
      const [issue] = await context.db.select().from(schema.issues).where(eq(schema.issues.id, input.issueId.id));
      return { issue };
    },
  },
  {
    outputFields: (t) => ({
      issue: t.field({ type: Issue, nullable: true, resolve: (payload) => payload.issue ?? null }),
    }),
  },
);
