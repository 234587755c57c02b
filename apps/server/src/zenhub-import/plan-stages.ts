import { type Executor, schema } from "@gantry/db";
import { canonicalTimeZone } from "@gantry/domain";
import { and, eq } from "drizzle-orm";
import { localStartOf } from "../sprints/schedule-input.js";
import type { Page } from "./client.js";
import { checkpoint, count, eachPage, type ImportRun } from "./context.js";
import { mapped, mappedOne, remember } from "./mappings.js";
import { gantryLabelsFor, gantryUsersFor, type ZenhubLabelNode, type ZenhubUserNode } from "./people-and-labels.js";

const {
  epicIssues,
  gantryEpicAssignees,
  gantryEpicLabels,
  releaseRepositories,
  gantryEpicIssues,
  gantryEpics,
  issueDependencies,
  issues,
  releaseIssues,
  releases,
  sprintConfigs,
  sprintIssues,
  sprints,
} = schema;

type IssueIds = Page<{ id: string }>;

/** A list's issues (ZenHub ids): the first hundred it came with, then the rest page by page (MoreIssues). */
async function memberIds(run: ImportRun, ownerId: string, first: IssueIds, field: "issues" | "childIssues") {
  const zenhubIds = first.nodes.map((node) => node.id);
  let page = first;
  while (page.pageInfo.hasNextPage && page.pageInfo.endCursor) {
    run.signal?.throwIfAborted();
    const data = await run.client.request<{ node: Record<string, IssueIds> | null }>("MoreIssues", {
      id: ownerId,
      workspaceId: run.zenhubWorkspaceId,
      after: page.pageInfo.endCursor,
    });
    const next = data.node?.[field];
    if (!next) break;
    zenhubIds.push(...next.nodes.map((node) => node.id));
    page = next;
  }
  return zenhubIds;
}

/** Runs a paged list stage: each page's records written in one transaction with the checkpoint after it. */
async function listStage<Node>(
  run: ImportRun,
  stage: string,
  next: string,
  from: schema.ZenhubImportCheckpoint,
  operation: "ZenhubEpics" | "Epics" | "Dependencies" | "Sprints" | "Releases",
  field: string,
  /** The list of issues a record holds, read to its end before the page's transaction opens. */
  members: ((node: Node) => { id: string; first: IssueIds; field: "issues" | "childIssues" }) | null,
  write: (tx: Executor, node: Node, issueIds: string[]) => Promise<void>,
): Promise<void> {
  let done = from.stage === stage ? from.offset : 0;
  await eachPage<Node>(
    run,
    operation,
    (data: { workspace: Record<string, Page<Node>> | null }) => {
      if (!data.workspace) throw new Error("ZenHub no longer lets this key read the workspace.");
      return data.workspace[field];
    },
    from.stage === stage ? from.cursor : null,
    async (nodes, endCursor, totalCount) => {
      const lists: string[][] = [];
      for (const node of nodes) {
        const list = members?.(node);
        lists.push(list ? await memberIds(run, list.id, list.first, list.field) : []);
      }
      await run.deps.db.transaction(async (tx) => {
        for (const [index, node] of nodes.entries()) {
          const zenhubIds = lists[index] ?? [];
          const issueIds = [...(await mapped(tx, run.workspaceId, "issue", zenhubIds)).values()];
          await write(tx, node, issueIds);
        }
        done += nodes.length;
        count(run, stage, done, totalCount);
        await checkpoint(tx, run, { stage, index: 0, cursor: endCursor, offset: done });
      });
    },
  );
  if (!run.progress[stage]) count(run, stage, 0, 0);
  await checkpoint(run.deps.db, run, { stage: next, index: 0, cursor: null, offset: 0 });
}

interface ZenhubEpicNode {
  id: string;
  title: string;
  body: string | null;
  state: "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";
  startOn: string | null;
  endOn: string | null;
  assignees: { nodes: ZenhubUserNode[] };
  labels: { nodes: ZenhubLabelNode[] };
  childIssues: IssueIds;
}

interface EpicNode {
  id: string;
  issue: { id: string };
  childIssues: IssueIds;
}

/** ZenHub epics as Gantry epics with their issues; GitHub-issue epics marked as epics with their children. */
export async function importEpics(run: ImportRun, from: schema.ZenhubImportCheckpoint): Promise<void> {
  if (from.stage === "epics") {
    await listStage<ZenhubEpicNode>(
      run,
      "epics",
      "githubEpics",
      from,
      "ZenhubEpics",
      "zenhubEpics",
      (epic) => ({ id: epic.id, first: epic.childIssues, field: "childIssues" }),
      async (tx, epic, children) => {
        const values = {
          title: epic.title,
          body: epic.body ?? "",
          // Gantry's epics have ZenHub's four states (decision 0068).
          state: epic.state,
          startOn: epic.startOn,
          endOn: epic.endOn,
        };
        let id = await mappedOne(tx, run.workspaceId, "zenhubEpic", epic.id);
        if (id) await tx.update(gantryEpics).set(values).where(eq(gantryEpics.id, id));
        else {
          const [created] = await tx
            .insert(gantryEpics)
            .values({ workspaceId: run.workspaceId, createdBy: run.userId, ...values })
            .returning({ id: gantryEpics.id });
          id = created?.id ?? null;
          if (!id) throw new Error("epic insert returned nothing");
          await remember(tx, run.workspaceId, "zenhubEpic", [{ zenhubId: epic.id, gantryId: id }]);
        }
        const epicId = id;
        if (children.length > 0) {
          await tx
            .insert(gantryEpicIssues)
            .values(children.map((issueId) => ({ gantryEpicId: epicId, issueId })))
            .onConflictDoNothing();
        }
        const people = await gantryUsersFor(tx, run, epic.assignees.nodes);
        if (people.size > 0) {
          await tx
            .insert(gantryEpicAssignees)
            .values([...new Set(people.values())].map((userId) => ({ gantryEpicId: epicId, userId })))
            .onConflictDoNothing();
        }
        const labels = await gantryLabelsFor(tx, run.workspaceId, epic.labels.nodes);
        if (labels.size > 0) {
          await tx
            .insert(gantryEpicLabels)
            .values([...labels.values()].map((gantryLabelId) => ({ gantryEpicId: epicId, gantryLabelId })))
            .onConflictDoNothing();
        }
      },
    );
    from = { stage: "githubEpics", index: 0, cursor: null, offset: 0 };
  }
  await listStage<EpicNode>(
    run,
    "githubEpics",
    "dependencies",
    from,
    "Epics",
    "epics",
    (epic) => ({ id: epic.id, first: epic.childIssues, field: "childIssues" }),
    async (tx, epic, childIds) => {
      const epicId = await mappedOne(tx, run.workspaceId, "issue", epic.issue.id);
      if (!epicId) return;
      await tx
        .update(issues)
        .set({ isEpic: true })
        .where(and(eq(issues.id, epicId), eq(issues.isEpic, false)));
      const children = childIds.filter((id) => id !== epicId);
      if (children.length > 0) {
        await tx
          .insert(epicIssues)
          .values(children.map((issueId) => ({ epicId, issueId })))
          .onConflictDoNothing();
      }
    },
  );
}

interface DependencyNode {
  id: string;
  blockingIssue: { id: string };
  blockedIssue: { id: string };
}

export async function importDependencies(run: ImportRun, from: schema.ZenhubImportCheckpoint): Promise<void> {
  await listStage<DependencyNode>(
    run,
    "dependencies",
    "sprints",
    from,
    "Dependencies",
    "issueDependencies",
    null,
    async (tx, dependency) => {
      const ids = await mapped(tx, run.workspaceId, "issue", [dependency.blockingIssue.id, dependency.blockedIssue.id]);
      const blockingIssueId = ids.get(dependency.blockingIssue.id);
      const blockedIssueId = ids.get(dependency.blockedIssue.id);
      if (!blockingIssueId || !blockedIssueId || blockingIssueId === blockedIssueId) return;
      await tx
        .insert(issueDependencies)
        .values({ workspaceId: run.workspaceId, blockingIssueId, blockedIssueId })
        .onConflictDoNothing();
    },
  );
}

interface SprintNode {
  id: string;
  name: string | null;
  description: string | null;
  startAt: string;
  endAt: string;
  state: "OPEN" | "CLOSED";
  issues: IssueIds;
}

/**
 * The sprint configuration (kept when the workspace has one already), then every sprint, closed
 * ones included, under it with its issues, so velocity and reports have their history at once.
 */
async function ensureSprintConfig(tx: Executor, run: ImportRun, firstStart: Date): Promise<string | null> {
  const [existing] = await tx
    .select({ id: sprintConfigs.id })
    .from(sprintConfigs)
    .where(eq(sprintConfigs.workspaceId, run.workspaceId));
  if (existing) return existing.id;
  const config = run.shape.sprintConfig;
  if (!config) return null;
  // ZenHub's zone as the runtime names it; one it does not know is read as UTC rather than failing the import.
  const zone = canonicalTimeZone(config.tzIdentifier) ?? "UTC";
  const fromPipeline = config.settings.issuesFromPipeline;
  const pipelineId = fromPipeline.pipelineId
    ? await mappedOne(tx, run.workspaceId, "pipeline", fromPipeline.pipelineId)
    : null;
  const [created] = await tx
    .insert(sprintConfigs)
    .values({
      workspaceId: run.workspaceId,
      name: config.name,
      tzIdentifier: zone,
      period: Math.min(8, Math.max(1, Math.round(config.period))),
      // The first sprint's start read in the config's zone, as Gantry stores a schedule (decision 0102).
      ...localStartOf(firstStart, zone),
      moveUnfinishedIssues: config.settings.moveUnfinishedIssues,
      issuesFromPipelineEnabled: fromPipeline.enabled && pipelineId !== null,
      issuesFromPipelineId: pipelineId,
      totalStoryPoints: fromPipeline.totalStoryPoints,
    })
    .onConflictDoNothing()
    .returning({ id: sprintConfigs.id });
  return created?.id ?? null;
}

export async function importSprints(run: ImportRun, from: schema.ZenhubImportCheckpoint): Promise<void> {
  await listStage<SprintNode>(
    run,
    "sprints",
    "releases",
    from,
    "Sprints",
    "sprints",
    (sprint) => ({ id: sprint.id, first: sprint.issues, field: "issues" }),
    async (tx, sprint, members) => {
      const startAt = new Date(sprint.startAt);
      const configId = await ensureSprintConfig(tx, run, startAt);
      const values = {
        name: sprint.name ?? "Sprint",
        description: sprint.description ?? "",
        endAt: new Date(sprint.endAt),
        state: sprint.state,
        closedAt: sprint.state === "CLOSED" ? new Date(sprint.endAt) : null,
      };
      let id = await mappedOne(tx, run.workspaceId, "sprint", sprint.id);
      if (!id && configId) {
        // Sprint automation may already have made this sprint from the imported configuration: take it over.
        const [generated] = await tx
          .select({ id: sprints.id })
          .from(sprints)
          .where(and(eq(sprints.sprintConfigId, configId), eq(sprints.startAt, startAt)));
        id = generated?.id ?? null;
      }
      if (id) await tx.update(sprints).set(values).where(eq(sprints.id, id));
      else {
        const [created] = await tx
          .insert(sprints)
          .values({ workspaceId: run.workspaceId, sprintConfigId: configId, startAt, ...values })
          .returning({ id: sprints.id });
        id = created?.id ?? null;
      }
      if (!id) throw new Error("sprint insert returned nothing");
      await remember(tx, run.workspaceId, "sprint", [{ zenhubId: sprint.id, gantryId: id }]);
      const sprintId = id;
      if (members.length > 0) {
        await tx
          .insert(sprintIssues)
          .values(members.map((issueId) => ({ sprintId, issueId, addedAt: startAt })))
          .onConflictDoNothing();
      }
    },
  );
}

interface ReleaseNode {
  id: string;
  title: string;
  description: string | null;
  startOn: string | null;
  endOn: string | null;
  state: "OPEN" | "CLOSED";
  repositories: { nodes: { id: string }[] };
  issues: IssueIds;
}

export async function importReleases(run: ImportRun, from: schema.ZenhubImportCheckpoint): Promise<void> {
  await listStage<ReleaseNode>(
    run,
    "releases",
    "done",
    from,
    "Releases",
    "releases",
    (release) => ({ id: release.id, first: release.issues, field: "issues" }),
    async (tx, release, members) => {
      const values = {
        title: release.title,
        description: release.description ?? "",
        startOn: release.startOn,
        endOn: release.endOn,
        state: release.state,
      };
      let id = await mappedOne(tx, run.workspaceId, "release", release.id);
      if (id) await tx.update(releases).set(values).where(eq(releases.id, id));
      else {
        const [created] = await tx
          .insert(releases)
          .values({ workspaceId: run.workspaceId, ...values })
          .returning({ id: releases.id });
        id = created?.id ?? null;
        if (!id) throw new Error("release insert returned nothing");
        await remember(tx, run.workspaceId, "release", [{ zenhubId: release.id, gantryId: id }]);
      }
      const releaseId = id;
      if (members.length > 0) {
        await tx
          .insert(releaseIssues)
          .values(members.map((issueId) => ({ releaseId, issueId })))
          .onConflictDoNothing();
      }
      // The release's repositories, those connected by the repository stage (an unreachable one was reported there).
      const repositoryIds = await mapped(
        tx,
        run.workspaceId,
        "repository",
        release.repositories.nodes.map((repository) => repository.id),
      );
      if (repositoryIds.size > 0) {
        await tx
          .insert(releaseRepositories)
          .values([...new Set(repositoryIds.values())].map((repositoryId) => ({ releaseId, repositoryId })))
          .onConflictDoNothing();
      }
    },
  );
}
