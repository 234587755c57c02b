import { schema } from "@gantry/db";
import { initialRanks } from "@gantry/domain";
import { asc, eq, sql } from "drizzle-orm";
import { addRepositoryToWorkspace, importRepository, myGitHubRepositories } from "../codehost/repositories.js";
import { ensureGantryRepository } from "../issues/gantry-repository.js";
import { checkpoint, count, type ImportRun, skip } from "./context.js";
import { mapped, remember } from "./mappings.js";

const { pipelines, priorities, repositories, workspaceEstimateSets } = schema;

/**
 * Connects each ZenHub repository through the importing person's GitHub account and imports its
 * issues from GitHub (awaited, so the issue stage finds them); repositories the account cannot
 * reach are listed in the report. The workspace's Gantry repository stands for ZenHub's own.
 */
export async function importRepositories(run: ImportRun): Promise<void> {
  const { deps, workspaceId, userId } = run;
  const wanted = run.shape.repositoriesConnection?.nodes ?? [];
  count(run, "repositories", 0, wanted.length);
  const reachable = new Set((await myGitHubRepositories(deps.codeHost, userId)).map((repository) => repository.id));
  let done = 0;
  for (const repository of wanted) {
    run.signal?.throwIfAborted();
    if (!reachable.has(repository.ghId)) {
      skip(run, {
        kind: "repository",
        name: `${repository.ownerName}/${repository.name}`,
        reason: "Your GitHub account cannot reach this repository, so its issues were left out.",
      });
      continue;
    }
    const toImport: string[] = [];
    const connected = await addRepositoryToWorkspace(
      deps.codeHost,
      userId,
      { workspaceId, repositoryGhId: String(repository.ghId) },
      (id) => toImport.push(id),
    );
    for (const id of toImport) await importRepository(deps.codeHost, id);
    const [state] = await deps.db
      .select({ importState: repositories.importState, error: repositories.lastSyncError })
      .from(repositories)
      .where(eq(repositories.id, connected.id));
    if (state?.importState === "failed") {
      skip(run, {
        kind: "repository",
        name: `${repository.ownerName}/${repository.name}`,
        reason: `GitHub's issues could not be imported: ${state.error ?? "unknown error"}`,
      });
      continue;
    }
    await remember(deps.db, workspaceId, "repository", [{ zenhubId: repository.id, gantryId: connected.id }]);
    count(run, "repositories", ++done, wanted.length);
  }
  if (run.shape.zenhubRepository) {
    const own = await ensureGantryRepository(deps.db, workspaceId, deps.codeHost.publicUrl);
    await remember(deps.db, workspaceId, "repository", [{ zenhubId: run.shape.zenhubRepository.id, gantryId: own.id }]);
  }
  await checkpoint(deps.db, run, { stage: "pipelines", index: 0, cursor: null, offset: 0 });
}

/**
 * ZenHub's pipelines in ZenHub's order, matched by an earlier import or by name, else created;
 * the workspace's other pipelines keep their order after them.
 */
export async function importPipelines(run: ImportRun): Promise<void> {
  const { deps, workspaceId } = run;
  const wanted = run.shape.pipelinesConnection.nodes;
  await deps.db.transaction(async (tx) => {
    const known = await mapped(
      tx,
      workspaceId,
      "pipeline",
      wanted.map((pipeline) => pipeline.id),
    );
    const existing = await tx
      .select()
      .from(pipelines)
      .where(eq(pipelines.workspaceId, workspaceId))
      .orderBy(asc(sql`${pipelines.rank} collate "C"`));
    const byName = new Map(existing.map((pipeline) => [pipeline.name.toLowerCase(), pipeline.id]));
    const ranks = initialRanks(wanted.length + existing.length);
    const placed = new Set<string>();
    const mappings: { zenhubId: string; gantryId: string }[] = [];
    for (const [index, pipeline] of wanted.entries()) {
      const rank = ranks[index] ?? "z";
      const stage = pipeline.stage as schema.PipelineStage | null;
      const id = known.get(pipeline.id) ?? byName.get(pipeline.name.toLowerCase());
      if (id && existing.some((row) => row.id === id)) {
        const row = existing.find((candidate) => candidate.id === id);
        if (row && (row.rank !== rank || row.description !== pipeline.description || row.stage !== stage)) {
          await tx
            .update(pipelines)
            .set({ rank, description: pipeline.description, stage })
            .where(eq(pipelines.id, id));
        }
        placed.add(id);
        mappings.push({ zenhubId: pipeline.id, gantryId: id });
        continue;
      }
      const [created] = await tx
        .insert(pipelines)
        .values({ workspaceId, name: pipeline.name, description: pipeline.description, stage, rank })
        .returning({ id: pipelines.id });
      if (!created) throw new Error("pipeline insert returned nothing");
      placed.add(created.id);
      mappings.push({ zenhubId: pipeline.id, gantryId: created.id });
    }
    let next = wanted.length;
    for (const row of existing) {
      if (placed.has(row.id)) continue;
      const rank = ranks[next++] ?? "z";
      if (row.rank !== rank) await tx.update(pipelines).set({ rank }).where(eq(pipelines.id, row.id));
    }
    await remember(tx, workspaceId, "pipeline", mappings);
    count(run, "pipelines", wanted.length, wanted.length);
    await checkpoint(tx, run, { stage: "priorities", index: 0, cursor: null, offset: 0 });
  });
}

/** Priorities (names, colours, ZenHub's order) and the estimate scale: every value any repository's set offers. */
export async function importPrioritiesAndEstimates(run: ImportRun): Promise<void> {
  const { deps, workspaceId } = run;
  const wanted = run.shape.prioritiesConnection.nodes;
  await deps.db.transaction(async (tx) => {
    const known = await mapped(
      tx,
      workspaceId,
      "priority",
      wanted.map((priority) => priority.id),
    );
    const existing = await tx.select().from(priorities).where(eq(priorities.workspaceId, workspaceId));
    const byName = new Map(existing.map((priority) => [priority.name.toLowerCase(), priority]));
    const ranks = initialRanks(wanted.length);
    const mappings: { zenhubId: string; gantryId: string }[] = [];
    for (const [index, priority] of wanted.entries()) {
      const rank = ranks[index] ?? "z";
      const id = known.get(priority.id) ?? byName.get(priority.name.toLowerCase())?.id;
      const row = existing.find((candidate) => candidate.id === id);
      if (row) {
        if (row.color !== priority.color) {
          await tx.update(priorities).set({ color: priority.color }).where(eq(priorities.id, row.id));
        }
        mappings.push({ zenhubId: priority.id, gantryId: row.id });
        continue;
      }
      const [created] = await tx
        .insert(priorities)
        .values({ workspaceId, name: priority.name, color: priority.color, rank })
        .returning({ id: priorities.id });
      if (!created) throw new Error("priority insert returned nothing");
      mappings.push({ zenhubId: priority.id, gantryId: created.id });
    }
    await remember(tx, workspaceId, "priority", mappings);
    count(run, "priorities", wanted.length, wanted.length);
    const values = [
      ...new Set(
        (run.shape.repositoriesConnection?.nodes ?? []).flatMap((repository) => repository.estimateSet.values),
      ),
    ].sort((a, b) => a - b);
    if (values.length > 0) {
      await tx
        .insert(workspaceEstimateSets)
        .values({ workspaceId, values, updatedAt: deps.now() })
        .onConflictDoUpdate({
          target: workspaceEstimateSets.workspaceId,
          set: { values, updatedAt: deps.now() },
          setWhere: sql`${workspaceEstimateSets.values} is distinct from ${sql.param(values)}::double precision[]`,
        });
    }
    await checkpoint(tx, run, { stage: "issues", index: 0, cursor: null, offset: 0 });
  });
}
