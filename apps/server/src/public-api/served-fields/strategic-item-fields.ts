import type { ServedField } from "./served-field.js";

/**
 * The reference's fields of a planning panel item that are not its issue's (those are `Issue`'s own:
 * strategic-items-view.ts).
 */
export const strategicItemFields: Record<string, ServedField> = {
  "StrategicIssueSearchItem.isMatch": {
    description:
      "Always true: Gantry's panel answers only issues matching the search; one under a parent that does not match shows at the top level (decision 0023).",
    resolve: () => true,
  },
  "StrategicIssueSearchItem.predictedEndOn": {
    description: "Not kept by Gantry: it predicts no end dates (null). An epic's planned `endOn` is on the epic.",
    resolve: () => null,
  },
};
