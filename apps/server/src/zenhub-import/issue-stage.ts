import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { checkpoint, count, eachPage, type ImportRun, skip } from "./context.js";
import { mapped, remember } from "./mappings.js";
import { gantryLabelsFor, type ZenhubLabelNode } from "./people-and-labels.js";

const { issueGantryLabels, issues, issuePositions, issuePullRequestConnections, zenhubImportMappings, repositories } =
  schema;

/** An issue as the PipelineIssues and ClosedIssues operations read it (fragment ImportedIssue). */
export interface ZenhubIssue {
  id: string;
  number: number;
  title: string;
  body: string | null;
  state: "OPEN" | "CLOSED";
  pullRequest: boolean;
  ghId: number | null;
  type: "GithubIssue" | "ZenhubIssue";
  htmlUrl: string;
  ghCreatedAt: string;
  repository: { id: string; ghId: number };
  estimate: { value: number } | null;
  pipelineIssue: { priority: { id: string } | null } | null;
  parentIssue: { id: string } | null;
  connectedPrs: { nodes: { id: string }[] };
  zenhubLabels: { nodes: ZenhubLabelNode[] };
}

/**
 * A rank that sorts by ZenHub position: the issue's index in its pipeline, fixed-width base 36 (over
 * a million issues a pipeline), ending in a non-zero digit as every rank must. The same issue at the
 * same place gets the same rank on every run, so a second import moves nothing.
 */
export const rankAt = (index: number) => `${index.toString(36).padStart(4, "0")}i`;

/** Each open pipeline's issues in ZenHub's order, then the closed issues: placed, estimated, prioritised. */
export async function importIssues(run: ImportRun, from: schema.ZenhubImportCheckpoint): Promise<void> {
  const zenhubPipelines = run.shape.pipelinesConnection.nodes;
  const pipelineIds = await mapped(
    run.deps.db,
    run.workspaceId,
    "pipeline",
    zenhubPipelines.map((pipeline) => pipeline.id),
  );
  const priorityIds = await mapped(
    run.deps.db,
    run.workspaceId,
    "priority",
    run.shape.prioritiesConnection.nodes.map((priority) => priority.id),
  );
  // The closed issues are list number `zenhubPipelines.length`, after every pipeline.
  for (let index = from.index; index <= zenhubPipelines.length; index++) {
    const zenhubPipeline = zenhubPipelines[index];
    const pipelineId = zenhubPipeline ? (pipelineIds.get(zenhubPipeline.id) ?? null) : null;
    let offset = index === from.index ? from.offset : 0;
    await eachPage<ZenhubIssue>(
      run,
      zenhubPipeline ? "PipelineIssues" : "ClosedIssues",
      (data: { searchIssuesByPipeline?: never; searchClosedIssues?: never }) =>
        data.searchIssuesByPipeline ?? data.searchClosedIssues,
      index === from.index ? from.cursor : null,
      async (nodes, endCursor, totalCount) => {
        await run.deps.db.transaction(async (tx) => {
          await writeIssues(tx, run, nodes, { pipelineId, offset, priorityIds });
          // A list's first page tells how many it holds, so the total grows list by list.
          const known = run.progress.issues ?? { done: 0, total: 0 };
          const added = offset === 0 ? (totalCount ?? nodes.length) : 0;
          count(run, "issues", known.done + nodes.length, known.total + added);
          offset += nodes.length;
          await checkpoint(tx, run, { stage: "issues", index, cursor: endCursor, offset });
        });
      },
      zenhubPipeline ? { pipelineId: zenhubPipeline.id } : {},
    );
    await checkpoint(run.deps.db, run, { stage: "issues", index: index + 1, cursor: null, offset: 0 });
  }
  await checkpoint(run.deps.db, run, { stage: "links", index: 0, cursor: null, offset: 0 });
}

/** The Gantry issues ZenHub's issues are: mapped before, found by repository and number, or (ZenHub-native) made now. */
async function gantryIssues(tx: Executor, run: ImportRun, nodes: ZenhubIssue[]): Promise<Map<string, string>> {
  const known = await mapped(
    tx,
    run.workspaceId,
    "issue",
    nodes.map((node) => node.id),
  );
  const missing = nodes.filter((node) => !known.has(node.id));
  if (missing.length === 0) return known;
  const repositoryIds = await mapped(
    tx,
    run.workspaceId,
    "repository",
    missing.map((node) => node.repository.id),
  );
  const github = missing.filter((node) => node.type === "GithubIssue" && repositoryIds.has(node.repository.id));
  if (github.length > 0) {
    const rows = await tx
      .select({ id: issues.id, repositoryId: issues.repositoryId, number: issues.number })
      .from(issues)
      .where(
        and(
          inArray(issues.repositoryId, [...new Set(github.map((node) => repositoryIds.get(node.repository.id) ?? ""))]),
          inArray(
            issues.number,
            github.map((node) => node.number),
          ),
        ),
      );
    const byKey = new Map(rows.map((row) => [`${row.repositoryId}#${row.number}`, row.id]));
    for (const node of github) {
      const id = byKey.get(`${repositoryIds.get(node.repository.id)}#${node.number}`);
      if (id) known.set(node.id, id);
      else skip(run, { kind: "issue", name: node.htmlUrl, reason: "Deleted on GitHub, or not readable there." });
    }
  }
  const natives = missing.filter((node) => node.type === "ZenhubIssue" && repositoryIds.has(node.repository.id));
  const nativeRepository = natives[0] ? repositoryIds.get(natives[0].repository.id) : undefined;
  if (nativeRepository && natives.length > 0) {
    // Locking the repository row numbers these after any created meanwhile, as createIssue does.
    await tx.execute(sql`select id from ${repositories} where id = ${nativeRepository} for update`);
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${issues.number}), 0)::int` })
      .from(issues)
      .where(eq(issues.repositoryId, nativeRepository));
    const created = await tx
      .insert(issues)
      .values(
        natives.map((node, index) => ({
          repositoryId: nativeRepository,
          number: (last?.number ?? 0) + index + 1,
          title: node.title,
          body: node.body,
          state: node.state === "OPEN" ? ("open" as const) : ("closed" as const),
          createdBy: run.userId,
          ghCreatedAt: new Date(node.ghCreatedAt),
          ghUpdatedAt: new Date(node.ghCreatedAt),
        })),
      )
      .returning({ id: issues.id });
    natives.forEach((node, index) => {
      const row = created[index];
      if (row) known.set(node.id, row.id);
    });
  }
  return known;
}

async function writeIssues(
  tx: Executor,
  run: ImportRun,
  nodes: ZenhubIssue[],
  place: { pipelineId: string | null; offset: number; priorityIds: Map<string, string> },
): Promise<void> {
  const ids = await gantryIssues(tx, run, nodes);
  const present = nodes.flatMap((node, index) => {
    const id = ids.get(node.id);
    return id ? [{ node, id, index }] : [];
  });
  if (present.length === 0) return;
  await remember(
    tx,
    run.workspaceId,
    "issue",
    present.map(({ node, id }) => ({
      zenhubId: node.id,
      gantryId: id,
      details: { parent: node.parentIssue?.id ?? null, prs: node.connectedPrs.nodes.map((pr) => pr.id) },
    })),
  );
  const estimates = present.map(
    ({ node, id }) => sql`(${id}::uuid, ${node.estimate?.value ?? null}::double precision)`,
  );
  await tx.execute(sql`
    update ${issues} set estimate = v.estimate, updated_at = now()
    from (values ${sql.join(estimates, sql`, `)}) as v(id, estimate)
    where ${issues.id} = v.id and ${issues.estimate} is distinct from v.estimate`);
  const priorityOf = (node: ZenhubIssue) => {
    const zenhubPriority = node.pipelineIssue?.priority?.id;
    return zenhubPriority ? (place.priorityIds.get(zenhubPriority) ?? null) : null;
  };
  if (place.pipelineId) {
    const rows = present.map(({ node, id, index }) => ({
      workspaceId: run.workspaceId,
      issueId: id,
      pipelineId: place.pipelineId as string,
      rank: rankAt(place.offset + index),
      priorityId: priorityOf(node),
      movedAt: run.deps.now(),
    }));
    await tx
      .insert(issuePositions)
      .values(rows)
      .onConflictDoUpdate({
        target: [issuePositions.workspaceId, issuePositions.issueId],
        set: {
          pipelineId: sql`excluded.pipeline_id`,
          rank: sql`excluded.rank`,
          priorityId: sql`excluded.priority_id`,
          movedAt: sql`excluded.moved_at`,
        },
        setWhere: sql`(${issuePositions.pipelineId}, ${issuePositions.rank}, ${issuePositions.priorityId})
          is distinct from (excluded.pipeline_id, excluded.rank, excluded.priority_id)`,
      });
  } else {
    // Closed issues keep the place Gantry gave them (reopening puts them back there); only their priority is ZenHub's.
    const priorities = present.map(({ node, id }) => sql`(${id}::uuid, ${priorityOf(node)}::uuid)`);
    await tx.execute(sql`
      update ${issuePositions} set priority_id = v.priority_id
      from (values ${sql.join(priorities, sql`, `)}) as v(issue_id, priority_id)
      where ${issuePositions.workspaceId} = ${run.workspaceId} and ${issuePositions.issueId} = v.issue_id
        and ${issuePositions.priorityId} is distinct from v.priority_id`);
  }
  // ZenHub's own labels on the issue become the workspace's Gantry labels on it (decision 0071).
  const labelIds = await gantryLabelsFor(
    tx,
    run.workspaceId,
    present.flatMap(({ node }) => node.zenhubLabels.nodes),
  );
  const labelled = present.flatMap(({ node, id }) =>
    node.zenhubLabels.nodes.flatMap((label) => {
      const gantryLabelId = labelIds.get(label.name.trim().toLowerCase());
      return gantryLabelId ? [{ issueId: id, gantryLabelId }] : [];
    }),
  );
  if (labelled.length > 0) await tx.insert(issueGantryLabels).values(labelled).onConflictDoNothing();
  // Reports replay an issue's history from when it joined the board (decision 0024): an imported issue has been
  // on the team's board since it was created, so its closed sprints count it, not only the sprints after the import.
  const created = present.map(({ node, id }) => sql`(${id}::uuid, ${node.ghCreatedAt}::timestamptz)`);
  await tx.execute(sql`
    update ${issuePositions} set joined_at = v.created
    from (values ${sql.join(created, sql`, `)}) as v(issue_id, created)
    where ${issuePositions.workspaceId} = ${run.workspaceId} and ${issuePositions.issueId} = v.issue_id
      and ${issuePositions.joinedAt} > v.created`);
}

/** Parent links and PR connections, from what the issue stage kept of each issue: no ZenHub request. */
export async function importLinks(run: ImportRun): Promise<void> {
  const { db } = run.deps;
  const rows = await db
    .select({
      zenhubId: zenhubImportMappings.zenhubId,
      gantryId: zenhubImportMappings.gantryId,
      details: zenhubImportMappings.details,
    })
    .from(zenhubImportMappings)
    .where(
      and(
        eq(zenhubImportMappings.workspaceId, run.workspaceId),
        eq(zenhubImportMappings.kind, "issue"),
        isNotNull(zenhubImportMappings.details),
      ),
    );
  const gantryOf = new Map(rows.map((row) => [row.zenhubId, row.gantryId]));
  const parents: { child: string; parent: string }[] = [];
  const connections: { issueId: string; pullRequestId: string }[] = [];
  for (const row of rows) {
    const details = row.details as { parent?: string | null; prs?: string[] };
    const parent = details.parent ? gantryOf.get(details.parent) : undefined;
    if (parent && parent !== row.gantryId) parents.push({ child: row.gantryId, parent });
    for (const pr of details.prs ?? []) {
      const pullRequestId = gantryOf.get(pr);
      if (pullRequestId) connections.push({ issueId: row.gantryId, pullRequestId });
    }
  }
  await db.transaction(async (tx) => {
    for (let start = 0; start < parents.length; start += 500) {
      const values = parents.slice(start, start + 500).map((link) => sql`(${link.child}::uuid, ${link.parent}::uuid)`);
      await tx.execute(sql`
        update ${issues} set parent_issue_id = v.parent, updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(child, parent)
        where ${issues.id} = v.child and ${issues.parentIssueId} is distinct from v.parent`);
    }
    for (let start = 0; start < connections.length; start += 500) {
      await tx
        .insert(issuePullRequestConnections)
        .values(connections.slice(start, start + 500).map((link) => ({ workspaceId: run.workspaceId, ...link })))
        .onConflictDoNothing();
    }
    count(run, "links", parents.length + connections.length, parents.length + connections.length);
    await checkpoint(tx, run, { stage: "epics", index: 0, cursor: null, offset: 0 });
  });
}
