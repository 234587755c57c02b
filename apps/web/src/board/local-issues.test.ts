import {
  type BoardFilters,
  emptyFilters,
  type FilterableIssue,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  matchesBoardFilters,
  NONE_FILTER_VALUE,
  PARENT_ISSUE_SETTINGS,
  SORT_TYPES,
  type SortableIssue,
  sortBoardIssues,
} from "@gantry/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import type { BoardIssue } from "./board-issue";
import { currentSprintLoaded, pageLoaded } from "./board-issues-slice";
import { selectVisibleIssueIds } from "./board-selectors";
import { boardFiltersApplied, pipelineSortSet } from "./board-slice";
import { createBoardStore } from "./board-store";

const LABELS = ["bug", "ui", "docs"];
const LOGINS = ["mona", "hubot", "Octocat"];
const TYPES = ["Bug", "Task"];
const MILESTONES = ["v1", "v2"];
const WORDS = ["login", "Layout", "cache", "docs"];
const RELEASES = ["release-1", "release-2"];
const SPRINTS = [
  { id: "sprint-1", startAt: "2026-11-02T00:00:00.000Z" },
  { id: "sprint-2", startAt: "2026-11-16T00:00:00.000Z" },
];
const EPICS = ["epic-1", "epic-2"];
const GANTRY_EPICS = ["gantry-epic-1", "gantry-epic-2"];
const REPOSITORIES = [
  { id: "repo-a", ghId: 7001 },
  { id: "repo-native", ghId: null },
];
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);

/** What a generated card is, before it is written as the server would send it. */
interface Generated {
  title: string;
  body: string;
  repository: number;
  labels: string[];
  assignees: string[];
  author: string | null;
  issueType: string | null;
  estimate: number | null;
  milestone: string | null;
  releases: string[];
  sprints: number[];
  epics: string[];
  gantryEpics: string[];
  /** The index of an earlier card, its parent. */
  parent: number | null;
  createdDay: number;
  movedDay: number;
}

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const generatedCard: fc.Arbitrary<Generated> = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(" ")),
  body: fc.constantFrom("", "the login page", "cache misses"),
  repository: fc.nat({ max: REPOSITORIES.length - 1 }),
  labels: subset(LABELS),
  assignees: subset(LOGINS),
  author: maybe(fc.constantFrom(...LOGINS)),
  issueType: maybe(fc.constantFrom(...TYPES)),
  estimate: maybe(fc.constantFrom(1, 3, 8)),
  milestone: maybe(fc.constantFrom(...MILESTONES)),
  releases: subset(RELEASES),
  sprints: subset([0, 1]),
  epics: subset(EPICS),
  gantryEpics: subset(GANTRY_EPICS),
  parent: maybe(fc.nat({ max: 10 })),
  createdDay: fc.nat({ max: 5 }),
  movedDay: fc.nat({ max: 5 }),
});

const idOf = (index: number) => `issue-${index}`;
const iso = (day: number) => new Date(START + day * DAY).toISOString();

/** The card as searchIssuesByPipeline answers it. */
function boardIssue(card: Generated, index: number, cards: Generated[]): BoardIssue {
  const repository = REPOSITORIES[card.repository] ?? { id: "", ghId: null };
  const parentIndex = card.parent !== null && card.parent < index ? card.parent : null;
  const parent = parentIndex === null ? null : cards[parentIndex];
  return {
    id: idOf(index),
    number: index + 1,
    title: card.title,
    body: card.body || null,
    createdAt: iso(card.createdDay),
    state: "OPEN",
    pullRequest: false,
    htmlUrl: `https://github.com/acme/web/issues/${index + 1}`,
    labels: card.labels.map((name) => ({ name, color: "ededed" })),
    assignees: card.assignees.map((login) => ({ login, avatarUrl: null })),
    user: card.author ? { login: card.author } : null,
    repository: { ...repository, name: "web", ownerName: "acme" },
    issueType: card.issueType ? { name: card.issueType } : null,
    estimate: card.estimate === null ? null : { value: card.estimate },
    milestone: card.milestone ? { title: card.milestone } : null,
    parentIssue:
      parent && parentIndex !== null ? { id: idOf(parentIndex), number: parentIndex + 1, title: parent.title } : null,
    parentEpics: { nodes: card.epics.map((id) => ({ issue: { id, number: 900, title: id } })) },
    parentGantryEpics: { nodes: card.gantryEpics.map((id) => ({ id, title: id })) },
    sprints: {
      nodes: card.sprints.map((sprint) => ({
        id: SPRINTS[sprint]?.id ?? "",
        name: `Sprint ${sprint}`,
        ...SPRINTS[sprint],
      })),
    },
    releases: { nodes: card.releases.map((id) => ({ id, title: id })) },
    pipelineIssue: { latestTransferTime: iso(card.movedDay), priority: null },
  };
}

/** The domain's view of the same card, written from the generated facts, not from the BoardIssue. */
function facts(card: Generated, index: number, cards: Generated[]): FilterableIssue & SortableIssue {
  const parentOf = (at: number) => {
    const parent = cards[at]?.parent ?? null;
    return parent !== null && parent < at ? parent : null;
  };
  const ancestorIds: string[] = [];
  for (let up = parentOf(index); up !== null; up = parentOf(up)) ancestorIds.push(idOf(up));
  const repository = REPOSITORIES[card.repository] ?? { id: "", ghId: null };
  const sprintStarts = card.sprints.map((sprint) => Date.parse(SPRINTS[sprint]?.startAt ?? ""));
  return {
    id: idOf(index),
    number: index + 1,
    title: card.title,
    body: card.body,
    repoGhId: repository.ghId,
    repositoryId: repository.id,
    labels: card.labels,
    assigneeLogins: card.assignees,
    authorLogin: card.author,
    issueType: card.issueType,
    releaseIds: card.releases,
    estimate: card.estimate,
    epicIds: card.epics,
    gantryEpicIds: card.gantryEpics,
    sprintIds: card.sprints.map((sprint) => SPRINTS[sprint]?.id ?? ""),
    milestoneTitle: card.milestone,
    parentIssueId: ancestorIds[0] ?? null,
    ancestorIds,
    hasChildren: cards.some((_, at) => parentOf(at) === index),
    estimationVoterLogins: [],
    rank: String(index).padStart(10, "0"),
    createdAt: START + card.createdDay * DAY,
    movedAt: START + card.movedDay * DAY,
    sprintStartAt: sprintStarts.length > 0 ? Math.min(...sprintStarts) : null,
    priorityRank: null,
  };
}

const withNone = (values: readonly string[]) => [...values, NONE_FILTER_VALUE];

const arbitraryFilters: fc.Arbitrary<BoardFilters> = fc
  .record({
    search: fc.constantFrom("", "login", "not:cache", "docs layout", "#1"),
    ghRepos: subset([7001]),
    zhRepos: subset(["repo-native"]),
    labels: fc.record({ in: subset(withNone(LABELS)), nin: subset(LABELS) }),
    assignees: fc.record({ in: subset([...LOGINS, "issues with no assignees"]), nin: subset(LOGINS) }),
    authors: fc.record({ in: subset(LOGINS), nin: subset(LOGINS) }),
    issueTypes: fc.record({ in: subset(withNone(TYPES)), nin: subset(TYPES) }),
    releases: fc.record({ in: subset(RELEASES), nin: subset(RELEASES) }),
    estimates: fc.record({ in: subset(["1", "3", "8"]), nin: subset(["1", "8"]), settings: subset(["none"]) }),
    epics: fc.record({ in: subset(EPICS), nin: subset(EPICS), settings: subset(["none"]) }),
    gantryEpics: fc.record({ in: subset(GANTRY_EPICS), nin: subset(GANTRY_EPICS), settings: subset(["none"]) }),
    sprints: fc.record({
      value: subset(SPRINTS.map((sprint) => sprint.id)),
      settings: subset(["Issues with no sprints", "current_sprint"]),
    }),
    milestones: subset(withNone(MILESTONES)),
    parentIds: subset([idOf(0), idOf(1)]),
    recursiveIds: subset([idOf(0)]),
    parentSettings: fc.uniqueArray(fc.constantFrom(...PARENT_ISSUE_SETTINGS), { maxLength: 1 }),
    disposition: fc.constantFrom(...ISSUE_TYPE_DISPOSITIONS),
  })
  .map((picked) => ({
    ...emptyFilters(picked.search),
    repos: { isLoading: false, value: picked.ghRepos },
    zhRepos: { value: picked.zhRepos },
    labels: picked.labels,
    assignees: picked.assignees,
    authors: picked.authors,
    issueTypes: picked.issueTypes,
    releases: picked.releases,
    estimates: picked.estimates,
    epics: picked.epics,
    gantryEpics: picked.gantryEpics,
    sprints: picked.sprints,
    milestones: { value: picked.milestones },
    parentIssues: { ids: picked.parentIds, recursiveIds: picked.recursiveIds, settings: picked.parentSettings },
    issueTypeDisposition: picked.disposition,
  }));

function boardWith(cards: Generated[]) {
  const store = createBoardStore(memoryStorage());
  const issues = cards.map((card, index) => boardIssue(card, index, cards));
  store.dispatch(pageLoaded({ pipelineId: "p1", issues, endCursor: null, hasNextPage: false }));
  return store;
}

describe("the loaded cards a pipeline shows", () => {
  it("are exactly those matchesBoardFilters keeps, in sortBoardIssues' order", () => {
    fc.assert(
      fc.property(
        fc.array(generatedCard, { maxLength: 12 }),
        arbitraryFilters,
        fc.constantFrom<FilterLogic>("all", "any"),
        fc.constantFrom(...SORT_TYPES),
        fc.constantFrom(null, ...SPRINTS.map((sprint) => sprint.id)),
        (cards, filters, filterLogic, sortType, currentSprintId) => {
          const store = boardWith(cards);
          store.dispatch(currentSprintLoaded(currentSprintId));
          // The viewer's estimation votes are not on the board's cards.
          const localContext = { currentSprintId, viewerLogin: null };
          store.dispatch(boardFiltersApplied({ filters, filterOrder: [], filterLogic, savedViewId: null }));
          store.dispatch(pipelineSortSet({ pipelineId: "p1", sortType }));
          const expected = sortBoardIssues(
            cards
              .map((card, index) => facts(card, index, cards))
              .filter((issue) => matchesBoardFilters(issue, filters, filterLogic, localContext)),
            sortType,
          ).map((issue) => issue.id);
          expect(selectVisibleIssueIds(store.getState(), "p1")).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("change at once when the filters or the sort change, and keep their identity when nothing does", () => {
    const cards = [
      { title: "login", labels: ["bug"] },
      { title: "cache", labels: [] },
      { title: "Layout", labels: ["bug"] },
    ].map((card) => ({
      ...fc.sample(generatedCard, { seed: 1, numRuns: 1 })[0],
      ...card,
      parent: null,
    })) as Generated[];
    const store = boardWith(cards);
    const unfiltered = selectVisibleIssueIds(store.getState(), "p1");
    expect(unfiltered).toEqual(["issue-0", "issue-1", "issue-2"]);
    // Unfiltered and unsorted, the list is the loaded list itself: the pipeline does not redraw.
    expect(unfiltered).toBe(store.getState().boardIssues.pipelineIssueIds.p1);

    const bugs = emptyFilters();
    bugs.labels.in = ["bug"];
    store.dispatch(
      boardFiltersApplied({ filters: bugs, filterOrder: ["labels"], filterLogic: "all", savedViewId: null }),
    );
    expect(selectVisibleIssueIds(store.getState(), "p1")).toEqual(["issue-0", "issue-2"]);
    store.dispatch(pipelineSortSet({ pipelineId: "p1", sortType: "TITLE_ZA" }));
    const sorted = selectVisibleIssueIds(store.getState(), "p1");
    expect(sorted).toEqual(["issue-0", "issue-2"]);
    store.dispatch(pipelineSortSet({ pipelineId: "p1", sortType: "TITLE_AZ" }));
    expect(selectVisibleIssueIds(store.getState(), "p1")).toEqual(["issue-2", "issue-0"]);
    // Another pipeline's sort leaves this one's list as it was.
    const before = selectVisibleIssueIds(store.getState(), "p1");
    store.dispatch(pipelineSortSet({ pipelineId: "p2", sortType: "NEWEST" }));
    expect(selectVisibleIssueIds(store.getState(), "p1")).toBe(before);
  });
});
