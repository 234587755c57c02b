import { schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { type BoardFilters, CURRENT_SPRINT_FILTER_VALUE, emptyFilters, NO_SPRINTS_FILTER_VALUE } from "@gantry/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuesPlanOf } from "../testing/board-search.js";
import { boardSearchCondition } from "./filtering.js";

const {
  epicIssues,
  gantryEpicIssues,
  gantryEpics,
  issues,
  organizations,
  repositories,
  sprintIssues,
  sprints,
  workspaces,
} = schema;

type BucketFilters = Pick<BoardFilters, "estimates" | "sprints" | "epics" | "gantryEpics">;

const ISSUES = 5_000;
const at = new Date("2026-01-05T09:00:00Z");

/** Issue `n`'s estimate: 13 on one in a hundred, none on a third, small values otherwise. */
const estimateOf = (n: number) => (n % 100 === 0 ? 13 : n % 3 === 0 ? null : [1, 2, 3, 5, 8][n % 5]);
/** One in a hundred issues in each of the rare buckets; every other issue in a busy sprint and busy epics. */
const inRareSprint = (n: number) => n % 100 === 1;
const inCurrentSprint = (n: number) => n % 100 === 2;
const inBusySprint = (n: number) => n % 2 === 0;
const inBusyEpics = inBusySprint;
const inEpic = (n: number) => n % 100 === 3;
const inGantryEpic = (n: number) => n % 100 === 4;

describe.each(testEngines())("estimate, sprint and epic filters through indexes, on %s", (engine) => {
  let database: TestDatabase;
  let workspaceId: string;
  let rareSprintId: string;
  let currentSprintId: string;
  let epicId: string;
  /** The two epics' own issues: in no sprint, estimated 2. */
  let epicIssueIds: string[];
  let gantryEpicId: string;
  /** Issue ids by seed index n. */
  let ids: string[];

  /** The issues table's WHERE for these filters, as the board builds it. */
  function conditionOf(filters: Partial<BucketFilters>) {
    return boardSearchCondition({
      workspaceId,
      filters: { ...emptyFilters(""), ...filters },
      logic: "all",
      displayType: "all",
      currentSprintId,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const [organization] = await db
      .insert(organizations)
      .values({ name: `Filters ${engine}` })
      .returning();
    const [workspace] = await db
      .insert(workspaces)
      .values({ organizationId: organization?.id ?? "", name: "Board" })
      .returning();
    workspaceId = workspace?.id ?? "";
    const [repository] = await db
      .insert(repositories)
      .values({ ghId: 1, ownerLogin: "acme", name: "api", htmlUrl: "https://github.test/acme/api" })
      .returning({ id: repositories.id });
    const issueRow = (n: number) => ({
      repositoryId: repository?.id ?? "",
      number: n + 1,
      title: `Issue ${n}`,
      estimate: estimateOf(n),
      state: "open" as const,
      ghCreatedAt: at,
      ghUpdatedAt: at,
    });
    ids = [];
    for (let from = 0; from < ISSUES; from += 1_000) {
      const rows = Array.from({ length: 1_000 }, (_, offset) => issueRow(from + offset));
      ids.push(...(await db.insert(issues).values(rows).returning({ id: issues.id })).map((row) => row.id));
    }
    const [epic, busyEpic] = await db
      .insert(issues)
      .values([
        { ...issueRow(ISSUES), isEpic: true, estimate: 2 },
        { ...issueRow(ISSUES + 1), isEpic: true, estimate: 2 },
      ])
      .returning({ id: issues.id });
    epicId = epic?.id ?? "";
    epicIssueIds = [epicId, busyEpic?.id ?? ""];
    const [gantryEpic, busyGantryEpic] = await db
      .insert(gantryEpics)
      .values([
        { workspaceId, title: "Launch" },
        { workspaceId, title: "Upkeep" },
      ])
      .returning();
    gantryEpicId = gantryEpic?.id ?? "";
    const sprint = async (name: string, weeks: number) => {
      const [row] = await db
        .insert(sprints)
        .values({
          workspaceId,
          name,
          startAt: new Date(at.getTime() + weeks * 7 * 86_400_000),
          endAt: new Date(at.getTime() + (weeks + 1) * 7 * 86_400_000),
        })
        .returning({ id: sprints.id });
      return row?.id ?? "";
    };
    const busySprintId = await sprint("Busy", -1);
    currentSprintId = await sprint("Current", 0);
    rareSprintId = await sprint("Rare", 1);
    const members = (wanted: (n: number) => boolean) => ids.flatMap((id, n) => (wanted(n) ? [id] : []));
    await db
      .insert(sprintIssues)
      .values([
        ...members(inBusySprint).map((issueId) => ({ sprintId: busySprintId, issueId })),
        ...members(inCurrentSprint).map((issueId) => ({ sprintId: currentSprintId, issueId })),
        ...members(inRareSprint).map((issueId) => ({ sprintId: rareSprintId, issueId })),
      ]);
    await db
      .insert(epicIssues)
      .values([
        ...members(inEpic).map((issueId) => ({ epicId, issueId })),
        ...members(inBusyEpics).map((issueId) => ({ epicId: busyEpic?.id ?? "", issueId })),
      ]);
    await db
      .insert(gantryEpicIssues)
      .values([
        ...members(inGantryEpic).map((issueId) => ({ gantryEpicId, issueId })),
        ...members(inBusyEpics).map((issueId) => ({ gantryEpicId: busyGantryEpic?.id ?? "", issueId })),
      ]);
    // As autovacuum leaves live tables: statistics taken.
    await database.executeSql("vacuum analyze");
    // Some 13,000 rows: PGlite on a shared CI machine needs longer than the default hook time.
  }, 240_000);
  afterAll(async () => {
    await database.dispose();
  });

  const planOf = (filters: Partial<BucketFilters>) => issuesPlanOf(database, conditionOf(filters));

  const kept = async (filters: Partial<BucketFilters>) =>
    (await database.db.select({ id: issues.id }).from(issues).where(conditionOf(filters))).map((row) => row.id).sort();
  const expected = (wanted: (n: number) => boolean) => ids.filter((_, n) => wanted(n)).sort();

  it("finds a rare estimate, sprint or epic from an index instead of reading every issue", async () => {
    const cases: [string, Partial<BucketFilters>][] = [
      ["issues_estimate_idx", { estimates: { in: ["13"], nin: [], settings: [] } }],
      ["issues_estimate_idx", { estimates: { in: ["13", "21"], nin: [], settings: [] } }],
      // The chosen sprint and the current one: one read of sprint_issues' key, not an OR over every issue.
      [
        "sprint_issues_sprint_id_issue_id_pk",
        { sprints: { value: [rareSprintId], settings: [CURRENT_SPRINT_FILTER_VALUE] } },
      ],
      ["epic_issues_epic_id_issue_id_pk", { epics: { in: [epicId], nin: [], settings: [] } }],
      ["gantry_epic_issues_gantry_epic_id_issue_id_pk", { gantryEpics: { in: [gantryEpicId], nin: [], settings: [] } }],
    ];
    for (const [index, filters] of cases) {
      const plan = await planOf(filters);
      expect(plan, JSON.stringify(filters)).toContain(index);
      expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan on issues/);
    }
  });

  it("keeps the same issues as before: estimates with and without a value, sprints chosen, current and none", async () => {
    expect(await kept({ estimates: { in: ["13"], nin: [], settings: [] } })).toEqual(
      expected((n) => estimateOf(n) === 13),
    );
    // Excluding 1 and 2 keeps the unestimated issues (the epic, estimated 2, is excluded).
    expect(await kept({ estimates: { in: [], nin: ["1", "2"], settings: [] } })).toEqual(
      expected((n) => ![1, 2].includes(estimateOf(n) ?? 0)),
    );
    expect(await kept({ estimates: { in: ["13"], nin: [], settings: ["none"] } })).toEqual(
      expected((n) => estimateOf(n) === 13 || estimateOf(n) === null),
    );
    expect(await kept({ sprints: { value: [rareSprintId], settings: [CURRENT_SPRINT_FILTER_VALUE] } })).toEqual(
      expected((n) => inRareSprint(n) || inCurrentSprint(n)),
    );
    expect(
      await kept({ sprints: { value: [rareSprintId, currentSprintId], settings: [CURRENT_SPRINT_FILTER_VALUE] } }),
    ).toEqual(expected((n) => inRareSprint(n) || inCurrentSprint(n)));
    expect(await kept({ sprints: { value: [rareSprintId], settings: [NO_SPRINTS_FILTER_VALUE] } })).toEqual(
      [...expected((n) => inRareSprint(n) || !(inBusySprint(n) || inCurrentSprint(n))), ...epicIssueIds].sort(),
    );
    expect(await kept({ epics: { in: [epicId], nin: [], settings: [] } })).toEqual(expected(inEpic));
    expect(await kept({ gantryEpics: { in: [gantryEpicId], nin: [], settings: [] } })).toEqual(expected(inGantryEpic));
  });
});
