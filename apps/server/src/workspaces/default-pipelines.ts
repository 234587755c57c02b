import type { PipelineStage } from "@gantry/db";

/** The board a new workspace starts with; the Closed pipeline is added virtually (CLOSED_PIPELINE). */
export const DEFAULT_PIPELINES: readonly { name: string; stage: PipelineStage | null }[] = [
  { name: "New Issues", stage: null },
  { name: "Icebox", stage: null },
  { name: "Backlog", stage: "BACKLOG" },
  { name: "In Progress", stage: "DEVELOPMENT" },
  { name: "Review/QA", stage: "REVIEW" },
  { name: "Done", stage: "COMPLETED" },
];

/** SPEC §9: closed issues sit in this pipeline, which every workspace has and no one edits. */
export const CLOSED_PIPELINE = { id: "closed--pipeline", name: "Closed" } as const;
