import { NATIVE_LABEL_PREFIX, nativeLabelName } from "@gantry/domain";
import { PIPELINE_LABEL_PREFIX } from "../../board/pipeline-labels.js";

/**
 * The name a label is learnt and compared under. Native issues carry labels as "zh-bug" (SPEC §9)
 * and GitHub issues as "bug": the same habit in one workspace, so the model learns them as one.
 */
export function plainLabelName(name: string): string {
  return name.startsWith(NATIVE_LABEL_PREFIX) ? name.slice(NATIVE_LABEL_PREFIX.length) : name;
}

/** The name to add on this issue: with the native prefix on a native issue, as learnt on a GitHub one. */
export function labelNameFor(issue: { native: boolean }, plainName: string): string {
  return issue.native ? nativeLabelName(plainName) : plainName;
}

/** Pipeline labels mirror board columns (pipeline label sync): they are moves, not labels to suggest. */
export const isPipelineLabel = (name: string) => name.startsWith(PIPELINE_LABEL_PREFIX);
