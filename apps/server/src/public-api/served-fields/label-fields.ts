import type { schema } from "@gantry/db";
import { labelKey, recordedLabels } from "../../codehost/label-records.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { PublicLabel } from "../epic-labels-view.js";
import type { ServedField } from "./served-field.js";

/** Per request: each repository's recorded labels, read once however many labels a response shows. */
const recordsByRequest = new WeakMap<GraphQLContext, Map<string, Promise<Map<string, schema.GitHubLabelRow>>>>();

/** Gantry's record of a GitHub label (decision 0086), or undefined for a Gantry label or one not yet recorded. */
export async function recordedLabelOf(
  context: GraphQLContext,
  label: PublicLabel,
): Promise<schema.GitHubLabelRow | undefined> {
  if (label.gantryLabelId || !label.repositoryId) return undefined;
  let perRepository = recordsByRequest.get(context);
  if (!perRepository) {
    perRepository = new Map();
    recordsByRequest.set(context, perRepository);
  }
  let records = perRepository.get(label.repositoryId);
  if (!records) {
    records = recordedLabels(context.db, [label.repositoryId]);
    perRepository.set(label.repositoryId, records);
  }
  return (await records).get(labelKey(label.repositoryId, label.name));
}

/** Before Gantry has recorded a label (and for Gantry's own labels), times read as the Unix epoch. */
const UNRECORDED = new Date(0);

/** The payload of a bulk label write carries the labels it named, on the changed issues' repositories. */
const labelsOfPayload: ServedField = {
  description:
    "The labels added (or removed), once per repository of the changed issues and name, with their colour there.",
  resolve: (payload: { labels?: PublicLabel[] }) => payload.labels ?? [],
};

export const labelFields: Record<string, ServedField> = {
  "AddLabelsToIssuesPayload.labels": labelsOfPayload,
  "RemoveLabelsFromIssuesPayload.labels": labelsOfPayload,
  "Label.ghId": {
    description:
      "GitHub's id of the label, as Gantry recorded it from GitHub; 0 for a Gantry label or a GitHub label Gantry has not recorded yet (the repository's next reconciliation records it).",
    resolve: async (label: PublicLabel, _args, context: GraphQLContext) =>
      (await recordedLabelOf(context, label))?.ghId ?? 0,
  },
  "Label.ghNodeId": {
    description:
      "GitHub's node id of the label, as Gantry recorded it from GitHub; empty for a Gantry label or a GitHub label Gantry has not recorded yet.",
    resolve: async (label: PublicLabel, _args, context: GraphQLContext) =>
      (await recordedLabelOf(context, label))?.ghNodeId ?? "",
  },
  "Label.createdAt": {
    description:
      "GitHub's labels have no timestamps: when Gantry first recorded the label (a Gantry label: when it was made); the Unix epoch for a GitHub label Gantry has not recorded yet.",
    resolve: async (label: PublicLabel, _args, context: GraphQLContext) =>
      label.createdAt ?? (await recordedLabelOf(context, label))?.createdAt ?? UNRECORDED,
  },
  "Label.updatedAt": {
    description:
      "GitHub's labels have no timestamps: when Gantry last recorded a change to the label's name, colour or description (a Gantry label: when it was last changed); the Unix epoch for a GitHub label Gantry has not recorded yet.",
    resolve: async (label: PublicLabel, _args, context: GraphQLContext) =>
      label.updatedAt ?? (await recordedLabelOf(context, label))?.updatedAt ?? UNRECORDED,
  },
};
