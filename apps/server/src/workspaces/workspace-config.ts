import { type Executor, type PipelineStage, schema } from "@gantry/db";
import { initialRanks } from "@gantry/domain";
import { NAME_TAKEN, validPipelineName } from "../board/pipelines.js";
import { GantryError } from "../graphql/errors.js";
import { validDescription } from "../organizations/names.js";
import type { SprintConfigKind } from "../sprints/schedule-input.js";
import { insertSprintConfig } from "../sprints/service.js";
import { DEFAULT_PIPELINES } from "./default-pipelines.js";

const { pipelines } = schema;

/** The reference's `WorkspaceConfigInput`: the board and sprints a workspace starts with (decision 0098). */
export interface WorkspaceConfig {
  pipelines?: readonly { name: string; description?: string | null; stage?: PipelineStage | null }[] | null;
  sprintConfig?: {
    tzIdentifier: string;
    kind?: SprintConfigKind | null;
    period?: number | null;
    /** HH:mm or HH:mm:ss; the public API's ISO8601DateTime gives an instant (its day and time in the zone). */
    startOnTime?: string | Date | null;
  } | null;
}

/** What the web app's sprint settings form starts with: sprints named "Sprint: …", unfinished issues moving on. */
const NEW_SPRINTS = { name: "Sprint", moveUnfinishedIssues: true } as const;

/**
 * The pipelines a new workspace starts with, in order: those given, checked as createPipeline checks a name and a
 * description (names unique whatever their case), or Gantry's default board when none are given.
 */
export function startingPipelines(config: WorkspaceConfig | null | undefined) {
  const given = config?.pipelines;
  if (given === null || given === undefined) return DEFAULT_PIPELINES.map((p) => ({ ...p, description: null }));
  if (given.length === 0)
    throw new GantryError("BAD_USER_INPUT", "A workspace needs at least one pipeline.", {
      field: "workspaceConfig.pipelines",
    });
  const seen = new Set<string>();
  return given.map((pipeline) => {
    const name = validPipelineName(pipeline.name);
    if (seen.has(name.toLowerCase()))
      throw new GantryError("BAD_USER_INPUT", `${NAME_TAKEN} (“${name}” is given twice.)`, {
        field: "workspaceConfig.pipelines",
      });
    seen.add(name.toLowerCase());
    return { name, description: validDescription(pipeline.description), stage: pipeline.stage ?? null };
  });
}

/**
 * Writes the starting pipelines and, when given, the sprint configuration (checked as createSprintConfig checks
 * one) of a workspace being created, in its transaction: a refused value leaves no workspace behind.
 */
export async function writeWorkspaceConfig(
  tx: Executor,
  workspaceId: string,
  board: ReturnType<typeof startingPipelines>,
  sprintConfig: WorkspaceConfig["sprintConfig"],
  now: Date,
): Promise<void> {
  const ranks = initialRanks(board.length);
  await tx.insert(pipelines).values(
    board.map((pipeline, index) => ({
      workspaceId,
      name: pipeline.name,
      description: pipeline.description,
      stage: pipeline.stage,
      rank: ranks[index] as string,
      createdAt: now,
      updatedAt: now,
    })),
  );
  if (!sprintConfig) return;
  await insertSprintConfig(
    tx,
    {
      workspaceId,
      name: NEW_SPRINTS.name,
      tzIdentifier: sprintConfig.tzIdentifier,
      startOn: null,
      endOn: null,
      startOnTime: sprintConfig.startOnTime ?? null,
      endOnTime: null,
      kind: sprintConfig.kind ?? null,
      period: sprintConfig.period ?? null,
      settings: {
        moveUnfinishedIssues: NEW_SPRINTS.moveUnfinishedIssues,
        issuesFromPipeline: { enabled: false, pipelineId: null, totalStoryPoints: null },
      },
    },
    now,
  );
}
