import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import {
  BOARD_PAGE_SIZE,
  type BoardFilters,
  boardFiltersToSearchInput,
  emptyFilters,
  type FilterableIssue,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  initialRanks,
  matchesBoardFilters,
  PARENT_ISSUE_SETTINGS,
  SORT_TYPES,
  type SortableIssue,
  type SortType,
  sortBoardIssues,
} from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const LABELS = ["bug", "ui", "docs"];
const LOGINS = ["mona", "hubot", "Octocat"];
const MILESTONES = ["v1", "v2"];
const TYPES = ["Bug", "Task"];
// "100x" and "snake-case" are what LIKE's wildcards would wrongly find for "100%" and "snake_case".
const TITLES = ["Fix login", "fix Layout", "Add docs", "add tests", "Zap cache", "zip it", "100x faster", "snake-case"];
const REPO_GH_IDS = [7001, 7002];

const SEARCH = `query ($pipeline: ID!, $filters: IssueSearchFiltersInput, $query: String, $sort: IssueSortType, $first: Int = 100) {
  searchIssuesByPipeline(pipelineId: $pipeline, filters: $filters, query: $query, sortType: $sort, first: $first) {
    totalCount nodes { id }
  }
}`;
const BUCKET = `query ($workspace: ID!, $id: ID!) {
  workspace(id: $workspace) { issueBucket(id: $id) { id kind name issueCountProgress { open closed total } issueEstimateProgress { total } } }
}`;
const COUNTS = `query ($workspace: ID!, $filters: IssueSearchFiltersInput, $query: String) {
  workspace(id: $workspace) { pipelines { id issueCounts(filters: $filters, query: $query) { issuesCount pullRequestsCount totalStoryPoints } } }
}`;

/** What the board knows of a random issue: its row and the facts the domain filters and sorts by. */
interface GeneratedIssue {
  title: string;
  body: string;
  repo: number;
  labels: string[];
  assignees: string[];
  author: string | null;
  issueType: string | null;
  estimate: number | null;
  milestone: string | null;
  createdAt: number;
  movedAt: number;
  sprints: number[];
  releases: number[];
  gantryEpics: number[];
  epics: number[];
  /** Index of an earlier issue, its parent. */
  parent: number | null;
  isPullRequest: boolean;
  /** Index of the workspace's priority, highest first. */
  priority: number | null;
}

const some = <T>(values: readonly T[]) => fc.uniqueArray(fc.constantFrom(...values), { maxLength: 2 });
const maybe = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: null });

const generatedIssue: fc.Arbitrary<GeneratedIssue> = fc.record({
  title: fc.constantFrom(...TITLES),
  body: fc.constantFrom("", "crash on LOGIN", "docs only", "a snake_case name, 100% sure"),
  repo: fc.constantFrom(0, 1),
  labels: some(LABELS),
  assignees: some(LOGINS),
  author: maybe(LOGINS),
  issueType: maybe(TYPES),
  estimate: maybe([0.5, 1, 3, 8]),
  milestone: maybe(MILESTONES),
  createdAt: fc.integer({ min: 0, max: 5 }).map((day) => NOW - day * DAY),
  movedAt: fc.integer({ min: 0, max: 5 }).map((day) => NOW - day * DAY - 1000),
  sprints: some([0, 1, 2]),
  releases: some([0, 1]),
  gantryEpics: some([0, 1]),
  epics: some([0, 1]),
  parent: fc.option(fc.nat(20), { nil: null }),
  isPullRequest: fc.boolean(),
  priority: maybe([0, 1, 2]),
});

describe.each(testEngines())("board search agrees with the domain on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  let workspaceId: string;
  let pipelineGlobalId: string;
  let pipelineId: string;
  const repositoryIds: string[] = [];
  const sprintIds: string[] = [];
  const sprintStarts: number[] = [];
  const releaseIds: string[] = [];
  const gantryEpicIds: string[] = [];
  const epicIds: string[] = [];
  const priorityIds: string[] = [];
  let runNumber = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
      { engine, now: () => new Date(NOW) },
    );
    owner = await signUpUser(t, "owner");
    workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
    workspaceId = decodeGlobalID(workspace).id;
    const db = t.database.db;
    for (const ghId of REPO_GH_IDS) {
      const [repository] = await db
        .insert(schema.repositories)
        .values({ ghId, ownerLogin: "acme", name: `repo-${ghId}`, htmlUrl: `https://github.com/acme/repo-${ghId}` })
        .returning();
      if (!repository) throw new Error("no repository");
      repositoryIds.push(repository.id);
      await db.insert(schema.workspaceRepositories).values({ workspaceId, repositoryId: repository.id });
    }
    // A past sprint, the current one, and the next.
    for (const [index, startDay] of [-14, -2, 5].entries()) {
      const startAt = new Date(NOW + startDay * DAY);
      const [sprint] = await db
        .insert(schema.sprints)
        .values({ workspaceId, name: `Sprint ${index}`, startAt, endAt: new Date(startAt.getTime() + 7 * DAY) })
        .returning();
      if (!sprint) throw new Error("no sprint");
      sprintIds.push(sprint.id);
      sprintStarts.push(startAt.getTime());
    }
    // Ranks in an order their names do not share, so the sort reads the rank.
    for (const [name, rank] of [
      ["Urgent", "d"],
      ["Normal", "m"],
      ["Low", "w"],
    ] as const) {
      const [priority] = await db
        .insert(schema.priorities)
        .values({ workspaceId, name, color: "#000000", rank })
        .returning();
      if (priority) priorityIds.push(priority.id);
    }
    for (const title of ["R1", "R2"]) {
      const [release] = await db.insert(schema.releases).values({ workspaceId, title }).returning();
      if (release) releaseIds.push(release.id);
    }
    for (const title of ["E1", "E2"]) {
      const [epic] = await db.insert(schema.gantryEpics).values({ workspaceId, title }).returning();
      if (epic) gantryEpicIds.push(epic.id);
    }
    for (const number of [9001, 9002]) {
      const [epic] = await db
        .insert(schema.issues)
        .values({
          repositoryId: repositoryIds[0] ?? "",
          ghId: number,
          number,
          title: `Epic ${number}`,
          state: "closed",
          isEpic: true,
          ghCreatedAt: new Date(NOW),
          ghUpdatedAt: new Date(NOW),
        })
        .returning();
      if (epic) epicIds.push(epic.id);
    }
    const answer = await gql(t, owner.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id } } }", {
      id: workspace,
    });
    pipelineGlobalId = field<{ pipelines: { id: string }[] }>(answer, "workspace").pipelines[0]?.id ?? "";
    pipelineId = decodeGlobalID(pipelineGlobalId).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Replaces the pipeline's issues with these; answers the domain's view of each. */
  async function arrange(generated: GeneratedIssue[]): Promise<(FilterableIssue & SortableIssue)[]> {
    const db = t.database.db;
    await db
      .delete(schema.issues)
      .where(and(inArray(schema.issues.repositoryId, repositoryIds), eq(schema.issues.isEpic, false)));
    runNumber++;
    const ranks = initialRanks(generated.length).reverse();
    const rows: { id: string; parentIndex: number | null }[] = [];
    const facts: (FilterableIssue & SortableIssue)[] = [];
    for (const [index, issue] of generated.entries()) {
      const parentIndex = issue.parent !== null && issue.parent < index ? issue.parent : null;
      const parentId = parentIndex === null ? null : (rows[parentIndex]?.id ?? null);
      const [row] = await db
        .insert(schema.issues)
        .values({
          repositoryId: repositoryIds[issue.repo] ?? "",
          ghId: runNumber * 1000 + index,
          number: runNumber * 100 + index,
          title: issue.title,
          body: issue.body || null,
          state: "open",
          isPullRequest: issue.isPullRequest,
          labels: issue.labels.map((name) => ({ name, color: "ededed" })),
          assignees: issue.assignees.map((login) => ({ login, avatarUrl: null })),
          author: issue.author ? { login: issue.author, avatarUrl: null } : null,
          milestone: issue.milestone ? { number: 1, title: issue.milestone } : null,
          issueType: issue.issueType,
          estimate: issue.estimate,
          parentIssueId: parentId,
          ghCreatedAt: new Date(issue.createdAt),
          ghUpdatedAt: new Date(issue.createdAt),
        })
        .returning();
      if (!row) throw new Error("no issue");
      rows.push({ id: row.id, parentIndex });
      const rank = ranks[index] ?? "";
      await db.insert(schema.issuePositions).values({
        workspaceId,
        issueId: row.id,
        pipelineId,
        rank,
        movedAt: new Date(issue.movedAt),
        priorityId: issue.priority === null ? null : (priorityIds[issue.priority] ?? null),
      });
      for (const sprint of issue.sprints)
        await db.insert(schema.sprintIssues).values({ sprintId: sprintIds[sprint] ?? "", issueId: row.id });
      for (const release of issue.releases)
        await db.insert(schema.releaseIssues).values({ releaseId: releaseIds[release] ?? "", issueId: row.id });
      for (const epic of issue.gantryEpics)
        await db.insert(schema.gantryEpicIssues).values({ gantryEpicId: gantryEpicIds[epic] ?? "", issueId: row.id });
      for (const epic of issue.epics)
        await db.insert(schema.epicIssues).values({ epicId: epicIds[epic] ?? "", issueId: row.id });
      const ancestorIds: string[] = [];
      for (let up = parentIndex; up !== null; up = rows[up]?.parentIndex ?? null)
        ancestorIds.push(encodeGlobalID("Issue", rows[up]?.id ?? ""));
      facts.push({
        id: encodeGlobalID("Issue", row.id),
        number: row.number,
        title: issue.title,
        body: issue.body,
        repoGhId: REPO_GH_IDS[issue.repo] ?? null,
        repositoryId: encodeGlobalID("Repository", repositoryIds[issue.repo] ?? ""),
        labels: issue.labels,
        assigneeLogins: issue.assignees,
        authorLogin: issue.author,
        issueType: issue.issueType,
        releaseIds: issue.releases.map((release) => encodeGlobalID("Release", releaseIds[release] ?? "")),
        estimate: issue.estimate,
        epicIds: issue.epics.map((epic) => encodeGlobalID("Issue", epicIds[epic] ?? "")),
        gantryEpicIds: issue.gantryEpics.map((epic) => encodeGlobalID("GantryEpic", gantryEpicIds[epic] ?? "")),
        sprintIds: issue.sprints.map((sprint) => encodeGlobalID("Sprint", sprintIds[sprint] ?? "")),
        milestoneTitle: issue.milestone,
        parentIssueId: ancestorIds[0] ?? null,
        ancestorIds,
        // Set below, once every issue is in: a later issue may name this one its parent.
        hasChildren: false,
        estimationVoterLogins: [],
        rank,
        createdAt: issue.createdAt,
        movedAt: issue.movedAt,
        sprintStartAt:
          issue.sprints.length > 0 ? Math.min(...issue.sprints.map((sprint) => sprintStarts[sprint] ?? 0)) : null,
        priorityRank: issue.priority === null ? null : issue.priority + 1,
      });
    }
    return facts.map((fact, index) => ({ ...fact, hasChildren: rows.some((row) => row.parentIndex === index) }));
  }

  /** Random filters over the values the board holds, in the global ids a client sends. */
  function arbitraryFilters(facts: FilterableIssue[]): fc.Arbitrary<BoardFilters> {
    const sprintGlobalIds = sprintIds.map((id) => encodeGlobalID("Sprint", id));
    const releaseGlobalIds = releaseIds.map((id) => encodeGlobalID("Release", id));
    const gantryEpicGlobalIds = gantryEpicIds.map((id) => encodeGlobalID("GantryEpic", id));
    const issueGlobalIds = [...facts.map((fact) => fact.id), ...epicIds.map((id) => encodeGlobalID("Issue", id))];
    const inNin = <T>(values: readonly T[]) => fc.record({ in: some(values), nin: some(values) });
    const often = <T>(arbitrary: fc.Arbitrary<T>, empty: T) =>
      fc.oneof({ weight: 3, arbitrary: fc.constant(empty) }, arbitrary);
    const noValues = { in: [], nin: [] };
    return fc.record({
      search: fc.constantFrom(
        "",
        "fix",
        "not:docs",
        "login not:layout",
        `#${runNumber}`,
        "100%",
        "snake_case",
        "not:x\\y",
      ),
      repos: fc.record({ isLoading: fc.constant(false), value: often(some(REPO_GH_IDS), []) }),
      zhRepos: fc.record({ value: often(some(repositoryIds.map((id) => encodeGlobalID("Repository", id))), []) }),
      labels: often(inNin([...LABELS, "none"]), noValues),
      assignees: often(inNin([...LOGINS, "issues with no assignees"]), noValues),
      authors: often(inNin([...LOGINS, "none"]), noValues),
      issueTypes: often(inNin([...TYPES, "none"]), noValues),
      releases: often(inNin([...releaseGlobalIds, "none"]), noValues),
      estimates: often(
        fc.record({ in: some(["0.5", "1", "3"]), nin: some(["8"]), settings: some(["none", "team_estimation"]) }),
        { ...noValues, settings: [] },
      ),
      epics: often(
        fc.record({
          in: some(issueGlobalIds.slice(-2)),
          nin: some(issueGlobalIds.slice(-2)),
          settings: some(["none"]),
        }),
        {
          ...noValues,
          settings: [],
        },
      ),
      gantryEpics: often(
        fc.record({ in: some(gantryEpicGlobalIds), nin: some(gantryEpicGlobalIds), settings: some(["none"]) }),
        { ...noValues, settings: [] },
      ),
      sprints: often(
        fc.record({ value: some(sprintGlobalIds), settings: some(["current_sprint", "Issues with no sprints"]) }),
        { value: [], settings: [] },
      ),
      milestones: often(fc.record({ value: some([...MILESTONES, "none"]) }), { value: [] }),
      parentIssues: often(
        fc.record({
          ids: issueGlobalIds.length > 0 ? some(issueGlobalIds) : fc.constant([]),
          recursiveIds: issueGlobalIds.length > 0 ? some(issueGlobalIds) : fc.constant([]),
          settings: fc.uniqueArray(fc.constantFrom(...PARENT_ISSUE_SETTINGS), { maxLength: 1 }),
        }),
        { ids: [], recursiveIds: [], settings: [] },
      ),
      issuesBucketIds: often(
        fc.record({
          ids: some([...sprintGlobalIds, ...releaseGlobalIds, ...gantryEpicGlobalIds, ...issueGlobalIds.slice(-2)]),
        }),
        { ids: [] },
      ),
      issueTypeDisposition: often(fc.constantFrom(...ISSUE_TYPE_DISPOSITIONS), "ANY"),
    });
  }

  const context = () => ({ currentSprintId: encodeGlobalID("Sprint", sprintIds[1] ?? ""), viewerLogin: "mona" });

  it("keeps and orders a pipeline's issues exactly as matchesBoardFilters and sortBoardIssues do", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedIssue, { maxLength: 12 }), fc.nat(), async (generated, seed) => {
        const facts = await arrange(generated);
        const [filters] = fc.sample(arbitraryFilters(facts), { seed, numRuns: 1 });
        if (!filters) throw new Error("no filters");
        const logic: FilterLogic = seed % 2 === 0 ? "all" : "any";
        const sortType: SortType = SORT_TYPES[seed % SORT_TYPES.length] ?? "SORT_TYPE_MANUAL";
        const expected = sortBoardIssues(
          facts.filter((fact) => matchesBoardFilters(fact, filters, logic, context())),
          sortType,
        ).map((fact) => fact.id);
        const answer = await gql(t, owner.token, SEARCH, {
          pipeline: pipelineGlobalId,
          filters: boardFiltersToSearchInput(filters, logic),
          query: filters.search,
          sort: sortType,
        });
        const found = field<{ totalCount: number; nodes: { id: string }[] }>(answer, "searchIssuesByPipeline");
        expect({ ids: found.nodes.map((node) => node.id), totalCount: found.totalCount }).toEqual({
          ids: expected,
          totalCount: expected.length,
        });
      }),
      { numRuns: 20 },
    );
  });

  it("keeps what matchesBoardFilters keeps for the parent-issue special values and the issue type disposition", async () => {
    const specialOnly = fc.record({
      settings: fc.uniqueArray(fc.constantFrom(...PARENT_ISSUE_SETTINGS), { maxLength: 1 }),
      disposition: fc.constantFrom(...ISSUE_TYPE_DISPOSITIONS),
      labels: fc.record({ in: some(LABELS), nin: fc.constant<string[]>([]) }),
      logic: fc.constantFrom<FilterLogic>("all", "any"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(generatedIssue, { maxLength: 12 }), specialOnly, async (generated, chosen) => {
        const facts = await arrange(generated);
        const filters: BoardFilters = {
          ...emptyFilters(),
          labels: chosen.labels,
          parentIssues: { ids: [], recursiveIds: [], settings: chosen.settings },
          issueTypeDisposition: chosen.disposition,
        };
        const expected = sortBoardIssues(
          facts.filter((fact) => matchesBoardFilters(fact, filters, chosen.logic, context())),
          "SORT_TYPE_MANUAL",
        );
        const answer = await gql(t, owner.token, SEARCH, {
          pipeline: pipelineGlobalId,
          filters: boardFiltersToSearchInput(filters, chosen.logic),
        });
        const found = field<{ nodes: { id: string }[] }>(answer, "searchIssuesByPipeline").nodes.map((node) => node.id);
        expect(found).toEqual(expected.map((fact) => fact.id));
      }),
      { numRuns: 15 },
    );
  });

  // The board's unfiltered first page has a statement of its own per sort order (board/queries.ts).
  it("reads an unfiltered board's first page in every sort order as sortBoardIssues orders it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedIssue, { minLength: 1, maxLength: 12 }), async (generated) => {
        const facts = await arrange(generated);
        for (const sortType of SORT_TYPES) {
          const answer = await gql(t, owner.token, SEARCH, {
            pipeline: pipelineGlobalId,
            sort: sortType,
            first: BOARD_PAGE_SIZE,
          });
          const found = field<{ nodes: { id: string }[] }>(answer, "searchIssuesByPipeline");
          expect(
            found.nodes.map((node) => node.id),
            sortType,
          ).toEqual(sortBoardIssues(facts, sortType).map((fact) => fact.id));
        }
      }),
      { numRuns: 5 },
    );
  });

  it("keeps the issues in a bucket: a sprint, a release, a Gantry epic or a GitHub epic", async () => {
    const facts = await arrange([
      { ...baseIssue, sprints: [0] },
      { ...baseIssue, releases: [1] },
      { ...baseIssue, gantryEpics: [0] },
      { ...baseIssue, epics: [1] },
      { ...baseIssue, sprints: [1], releases: [0] },
    ]);
    const inBuckets = async (ids: string[]) => {
      const answer = await gql(t, owner.token, SEARCH, {
        pipeline: pipelineGlobalId,
        filters: { issueBuckets: { ids } },
      });
      return field<{ nodes: { id: string }[] }>(answer, "searchIssuesByPipeline")
        .nodes.map((node) => node.id)
        .sort();
    };
    const idsOf = (...indexes: number[]) => indexes.map((index) => facts[index]?.id).sort();
    expect(await inBuckets([encodeGlobalID("Sprint", sprintIds[0] ?? "")])).toEqual(idsOf(0));
    expect(
      await inBuckets([
        encodeGlobalID("Release", releaseIds[1] ?? ""),
        encodeGlobalID("GantryEpic", gantryEpicIds[0] ?? ""),
      ]),
    ).toEqual(idsOf(1, 2));
    expect(await inBuckets([encodeGlobalID("Issue", epicIds[1] ?? "")])).toEqual(idsOf(3));
    const refused = await gql(t, owner.token, SEARCH, {
      pipeline: pipelineGlobalId,
      filters: { issueBuckets: { ids: [workspace] } },
    });
    expect(refused.errors?.[0]?.message).toBe("Expected the id of a Sprint, Release, GantryEpic or epic Issue.");

    const sprint = encodeGlobalID("Sprint", sprintIds[0] ?? "");
    const answer = await gql(t, owner.token, BUCKET, { workspace, id: sprint });
    expect(field<{ issueBucket: unknown }>(answer, "workspace").issueBucket).toEqual({
      id: sprint,
      kind: "SPRINT",
      name: "Sprint 0",
      issueCountProgress: { open: 1, closed: 0, total: 1 },
      issueEstimateProgress: { total: 0 },
    });
    const elsewhere = await gql(t, owner.token, BUCKET, {
      workspace,
      id: encodeGlobalID("Sprint", crypto.randomUUID()),
    });
    expect(field<{ issueBucket: unknown }>(elsewhere, "workspace").issueBucket).toBeNull();
  });

  it("counts what the filters keep, with their points", async () => {
    const facts = await arrange([
      { ...baseIssue, labels: ["bug"], estimate: 3 },
      { ...baseIssue, labels: ["bug"], estimate: 0.5, isPullRequest: true },
      { ...baseIssue, labels: ["ui"], estimate: 8 },
    ]);
    expect(facts).toHaveLength(3);
    const answer = await gql(t, owner.token, COUNTS, {
      workspace,
      filters: { labels: { in: ["bug"] } },
      query: "",
    });
    const counts = field<{ pipelines: { id: string; issueCounts: unknown }[] }>(answer, "workspace").pipelines.find(
      (pipeline) => pipeline.id === pipelineGlobalId,
    )?.issueCounts;
    expect(counts).toEqual({ issuesCount: 1, pullRequestsCount: 1, totalStoryPoints: 3.5 });
  });

  it("refuses ids of the wrong kind and overlong lists with a clear message", async () => {
    const wrongKind = await gql(t, owner.token, SEARCH, {
      pipeline: pipelineGlobalId,
      filters: { sprints: { in: [encodeGlobalID("Release", releaseIds[0] ?? "")] } },
    });
    expect(wrongKind.errors?.[0]).toMatchObject({
      message: "Expected the id of a Sprint.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const tooMany = await gql(t, owner.token, SEARCH, {
      pipeline: pipelineGlobalId,
      filters: { labels: { in: Array.from({ length: 101 }, (_, index) => `label-${index}`) } },
    });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: "A filter takes at most 100 values (labels.in).",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("answers FORBIDDEN to someone outside the workspace and UNAUTHENTICATED when signed out", async () => {
    const stranger = await signUpUser(t, "stranger");
    const forbidden = await gql(t, stranger.token, SEARCH, { pipeline: pipelineGlobalId });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const signedOut = await gql(t, null, SEARCH, { pipeline: pipelineGlobalId });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

const baseIssue: GeneratedIssue = {
  title: "Fix login",
  body: "",
  repo: 0,
  labels: [],
  assignees: [],
  author: null,
  issueType: null,
  estimate: null,
  milestone: null,
  createdAt: NOW,
  movedAt: NOW,
  sprints: [],
  releases: [],
  gantryEpics: [],
  epics: [],
  parent: null,
  isPullRequest: false,
  priority: null,
};
