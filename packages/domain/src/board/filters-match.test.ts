import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BoardFilters,
  emptyFilters,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  PARENT_ISSUE_SETTINGS,
} from "./filters.js";
import { type FilterableIssue, matchesBoardFilters } from "./filters-match.js";

const context = { currentSprintId: "sprint-now", viewerLogin: "mona" };

function issue(overrides: Partial<FilterableIssue> = {}): FilterableIssue {
  return {
    id: "i1",
    number: 42,
    title: "Fix the login page",
    body: "",
    repoGhId: 100,
    repositoryId: "repo-a",
    labels: [],
    assigneeLogins: [],
    authorLogin: "hubot",
    issueType: null,
    releaseIds: [],
    estimate: null,
    epicIds: [],
    gantryEpicIds: [],
    sprintIds: [],
    milestoneTitle: null,
    parentIssueId: null,
    ancestorIds: [],
    hasChildren: false,
    estimationVoterLogins: [],
    ...overrides,
  };
}

function withFilters(change: (filters: BoardFilters) => void): BoardFilters {
  const filters = emptyFilters();
  change(filters);
  return filters;
}

const shows = (card: FilterableIssue, filters: BoardFilters, logic: FilterLogic = "all") =>
  matchesBoardFilters(card, filters, logic, context);

describe("matchesBoardFilters", () => {
  it("shows issues carrying any of a key's values and hides those carrying an excluded one", () => {
    const labels = withFilters((f) => {
      f.labels.in = ["bug", "ui"];
      f.labels.nin = ["wontfix"];
    });
    expect(shows(issue({ labels: ["ui"] }), labels)).toBe(true);
    expect(shows(issue({ labels: ["docs"] }), labels)).toBe(false);
    expect(shows(issue({ labels: ["bug", "wontfix"] }), labels)).toBe(false);
  });

  it('reads "none" and "issues with no assignees" as the issues lacking that field', () => {
    const noLabel = withFilters((f) => {
      f.labels.in = ["none"];
    });
    expect(shows(issue(), noLabel)).toBe(true);
    expect(shows(issue({ labels: ["bug"] }), noLabel)).toBe(false);
    const unassigned = withFilters((f) => {
      f.assignees.in = ["issues with no assignees"];
    });
    expect(shows(issue(), unassigned)).toBe(true);
    expect(shows(issue({ assigneeLogins: ["mona"] }), unassigned)).toBe(false);
    const noMilestone = withFilters((f) => {
      f.milestones.value = ["none"];
    });
    expect(shows(issue({ milestoneTitle: "v1" }), noMilestone)).toBe(false);
    expect(shows(issue(), noMilestone)).toBe(true);
  });

  it("requires every selecting key under all and one of them under any", () => {
    const filters = withFilters((f) => {
      f.labels.in = ["bug"];
      f.assignees.in = ["mona"];
    });
    const bugOnly = issue({ labels: ["bug"] });
    expect(shows(bugOnly, filters, "all")).toBe(false);
    expect(shows(bugOnly, filters, "any")).toBe(true);
    expect(shows(issue({ labels: ["bug"], assigneeLogins: ["mona"] }), filters, "all")).toBe(true);
  });

  it("applies exclusions and the search text under any as well", () => {
    const filters = withFilters((f) => {
      f.labels.in = ["bug"];
      f.assignees.nin = ["mona"];
      f.search = "login";
    });
    expect(shows(issue({ labels: ["bug"], assigneeLogins: ["mona"] }), filters, "any")).toBe(false);
    expect(shows(issue({ labels: ["bug"], title: "Crash" }), filters, "any")).toBe(false);
    expect(shows(issue({ labels: ["bug"] }), filters, "any")).toBe(true);
  });

  it("matches the current sprint, issues with no sprints, and chosen sprints", () => {
    const current = withFilters((f) => {
      f.sprints.settings = ["current_sprint"];
    });
    expect(shows(issue({ sprintIds: ["sprint-now"] }), current)).toBe(true);
    expect(shows(issue({ sprintIds: ["sprint-old"] }), current)).toBe(false);
    expect(
      matchesBoardFilters(issue({ sprintIds: ["sprint-now"] }), current, "all", { ...context, currentSprintId: null }),
    ).toBe(false);
    const noSprints = withFilters((f) => {
      f.sprints.settings = ["Issues with no sprints"];
      f.sprints.value = ["sprint-old"];
    });
    expect(shows(issue(), noSprints)).toBe(true);
    expect(shows(issue({ sprintIds: ["sprint-old"] }), noSprints)).toBe(true);
    expect(shows(issue({ sprintIds: ["sprint-now"] }), noSprints)).toBe(false);
  });

  it("matches estimates by points, unestimated issues, and open estimation votes", () => {
    const points = withFilters((f) => {
      f.estimates.in = ["3", "0.5"];
    });
    expect(shows(issue({ estimate: 0.5 }), points)).toBe(true);
    expect(shows(issue({ estimate: 2 }), points)).toBe(false);
    expect(shows(issue(), points)).toBe(false);
    const unestimated = withFilters((f) => {
      f.estimates.settings = ["none"];
    });
    expect(shows(issue(), unestimated)).toBe(true);
    expect(shows(issue({ estimate: 0 }), unestimated)).toBe(false);
    const team = withFilters((f) => {
      f.estimates.settings = ["team_estimation"];
    });
    const mine = withFilters((f) => {
      f.estimates.settings = ["user_estimation"];
    });
    const voting = issue({ estimationVoterLogins: ["hubot"] });
    expect(shows(voting, team)).toBe(true);
    expect(shows(voting, mine)).toBe(false);
    expect(shows(issue({ estimationVoterLogins: ["mona"] }), mine)).toBe(true);
    expect(shows(issue(), team)).toBe(false);
  });

  it("matches epics and Gantry epics by id, or issues in none through settings", () => {
    const inEpic = withFilters((f) => {
      f.gantryEpics.in = ["epic-1"];
    });
    expect(shows(issue({ gantryEpicIds: ["epic-1"] }), inEpic)).toBe(true);
    expect(shows(issue({ epicIds: ["epic-1"] }), inEpic)).toBe(false);
    const inNoEpic = withFilters((f) => {
      f.epics.settings = ["none"];
    });
    expect(shows(issue(), inNoEpic)).toBe(true);
    expect(shows(issue({ epicIds: ["epic-1"] }), inNoEpic)).toBe(false);
  });

  it("keeps children of parentIssues ids, and everything below recursiveIds", () => {
    const children = withFilters((f) => {
      f.parentIssues.ids = ["p"];
    });
    const recursive = withFilters((f) => {
      f.parentIssues = { ids: ["p"], recursiveIds: ["p"], settings: [] };
    });
    const child = issue({ parentIssueId: "p", ancestorIds: ["p"] });
    const grandchild = issue({ parentIssueId: "c", ancestorIds: ["c", "p"] });
    expect(shows(child, children)).toBe(true);
    expect(shows(grandchild, children)).toBe(false);
    expect(shows(grandchild, recursive)).toBe(true);
  });

  it("reads the parent-issue special values by whether an issue has a parent and whether it is one", () => {
    const parent = issue({ hasChildren: true });
    const child = issue({ parentIssueId: "p", ancestorIds: ["p"] });
    const middle = issue({ parentIssueId: "p", ancestorIds: ["p"], hasChildren: true });
    const lone = issue();
    const kept = (setting: string) =>
      [parent, child, middle, lone].map((card) =>
        shows(
          card,
          withFilters((f) => {
            f.parentIssues.settings = [setting];
          }),
        ),
      );
    expect(kept("parents_with_children")).toEqual([true, true, true, false]);
    expect(kept("parents_only")).toEqual([true, false, true, false]);
    expect(kept("not_in_parent")).toEqual([true, false, false, true]);
    expect(kept("not_a_parent")).toEqual([false, true, false, true]);
    // A special value adds to the parents chosen by id, as "none" does for epics.
    const childOrParent = withFilters((f) => {
      f.parentIssues = { ids: ["p"], recursiveIds: [], settings: ["parents_only"] };
    });
    expect([parent, child, lone].map((card) => shows(card, childOrParent))).toEqual([true, true, false]);
  });

  it("keeps issues by where their type shows, under either logic, whatever the other keys select", () => {
    const typed = issue({ issueType: "Bug", labels: ["bug"] });
    const untyped = issue({ labels: ["bug"] });
    const kept = (disposition: BoardFilters["issueTypeDisposition"], logic: FilterLogic) =>
      [typed, untyped].map((card) =>
        shows(
          card,
          withFilters((f) => {
            f.issueTypeDisposition = disposition;
            f.labels.in = ["bug", "ui"];
          }),
          logic,
        ),
      );
    for (const logic of ["all", "any"] as const) {
      expect(kept("ANY", logic)).toEqual([true, true]);
      expect(kept("BOARD", logic)).toEqual([true, true]);
      expect(kept("BOARD_ONLY", logic)).toEqual([true, false]);
      expect(kept("PLANNING_PANEL", logic)).toEqual([false, true]);
      expect(kept("PLANNING_PANEL_ONLY", logic)).toEqual([false, false]);
    }
    // Not a selecting key: with nothing else chosen, BOARD_ONLY still shows every typed issue.
    const boardOnly = withFilters((f) => {
      f.issueTypeDisposition = "BOARD_ONLY";
    });
    expect(shows(issue({ issueType: "Task" }), boardOnly, "any")).toBe(true);
  });

  it("matches repositories by GitHub id or by Gantry id", () => {
    const repos = withFilters((f) => {
      f.repos.value = [100];
      f.zhRepos.value = ["native-repo"];
    });
    expect(shows(issue(), repos)).toBe(true);
    expect(shows(issue({ repoGhId: null, repositoryId: "native-repo" }), repos)).toBe(true);
    expect(shows(issue({ repoGhId: 200, repositoryId: "repo-b" }), repos)).toBe(false);
  });

  it("keeps an issue in a bucket: any of its sprints, releases, GitHub epics or Gantry epics", () => {
    const bucket = withFilters((f) => {
      f.issuesBucketIds.ids = ["b1", "b2"];
    });
    expect(shows(issue({ sprintIds: ["b1"] }), bucket)).toBe(true);
    expect(shows(issue({ releaseIds: ["b2"] }), bucket)).toBe(true);
    expect(shows(issue({ epicIds: ["x", "b1"] }), bucket)).toBe(true);
    expect(shows(issue({ gantryEpicIds: ["b2"] }), bucket)).toBe(true);
    expect(shows(issue({ sprintIds: ["b3"], releaseIds: ["b4"] }), bucket)).toBe(false);
    expect(shows(issue(), bucket)).toBe(false);
  });
});

/** Small pools, so random issues and filters share values often. */
const some = <T>(values: readonly T[]) => fc.uniqueArray(fc.constantFrom(...values), { maxLength: 3 });
const maybe = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: null });
const LABELS = ["bug", "ui", "docs"];
const LOGINS = ["mona", "hubot", "octocat"];
const IDS = ["a", "b", "c"];

const arbitraryFilterableIssue: fc.Arbitrary<FilterableIssue> = fc.record({
  id: fc.uuid(),
  number: fc.integer({ min: 1, max: 500 }),
  title: fc.constantFrom("Fix bug", "Add docs", "UI polish"),
  body: fc.constantFrom("", "crash on login"),
  repoGhId: maybe([100, 200]),
  repositoryId: fc.constantFrom("repo-a", "repo-b", "native-repo"),
  labels: some(LABELS),
  assigneeLogins: some(LOGINS),
  authorLogin: maybe(LOGINS),
  issueType: maybe(["Bug", "Task"]),
  releaseIds: some(IDS),
  estimate: maybe([0.5, 1, 3]),
  epicIds: some(IDS),
  gantryEpicIds: some(IDS),
  sprintIds: some(["sprint-now", "sprint-old"]),
  milestoneTitle: maybe(["v1", "v2"]),
  parentIssueId: maybe(IDS),
  ancestorIds: some(IDS),
  hasChildren: fc.boolean(),
  estimationVoterLogins: some(LOGINS),
});

const inNin = <T>(values: readonly T[]) => fc.record({ in: some(values), nin: some(values) });

const arbitraryFilters: fc.Arbitrary<BoardFilters> = fc.record({
  search: fc.constantFrom("", "bug", "not:docs", "#4"),
  repos: fc.record({ isLoading: fc.constant(false), value: some([100, 200]) }),
  zhRepos: fc.record({ value: some(["repo-a", "native-repo"]) }),
  labels: inNin([...LABELS, "none"]),
  assignees: inNin([...LOGINS, "issues with no assignees"]),
  authors: inNin(LOGINS),
  issueTypes: inNin(["Bug", "Task", "none"]),
  releases: inNin([...IDS, "none"]),
  estimates: fc.record({
    in: some(["0.5", "1", "3"]),
    nin: some(["1"]),
    settings: some(["none", "team_estimation", "user_estimation"]),
  }),
  epics: fc.record({ in: some(IDS), nin: some(IDS), settings: some(["none"]) }),
  gantryEpics: fc.record({ in: some(IDS), nin: some(IDS), settings: some(["none"]) }),
  sprints: fc.record({
    value: some(["sprint-now", "sprint-old"]),
    settings: some(["current_sprint", "Issues with no sprints"]),
  }),
  milestones: fc.record({ value: some(["v1", "none"]) }),
  parentIssues: fc.record({
    ids: some(IDS),
    recursiveIds: some(IDS),
    settings: fc.uniqueArray(fc.constantFrom(...PARENT_ISSUE_SETTINGS), { maxLength: 1 }),
  }),
  issuesBucketIds: fc.record({ ids: some(IDS) }),
  issueTypeDisposition: fc.constantFrom(...ISSUE_TYPE_DISPOSITIONS),
});

describe("board filter logic (properties)", () => {
  const logic = fc.constantFrom<FilterLogic>("all", "any");

  it("shows every issue when nothing is filtered", () => {
    fc.assert(
      fc.property(arbitraryFilterableIssue, logic, (card, chosenLogic) => {
        expect(matchesBoardFilters(card, emptyFilters(), chosenLogic, context)).toBe(true);
      }),
    );
  });

  it("any shows at least what all shows", () => {
    fc.assert(
      fc.property(fc.array(arbitraryFilterableIssue), arbitraryFilters, (cards, filters) => {
        for (const card of cards) {
          if (matchesBoardFilters(card, filters, "all", context))
            expect(matchesBoardFilters(card, filters, "any", context)).toBe(true);
        }
      }),
    );
  });

  it("never shows an issue carrying an excluded label", () => {
    fc.assert(
      fc.property(arbitraryFilterableIssue, arbitraryFilters, logic, (card, filters, chosenLogic) => {
        fc.pre(card.labels.some((label) => filters.labels.nin.includes(label)));
        expect(matchesBoardFilters(card, filters, chosenLogic, context)).toBe(false);
      }),
    );
  });

  it("adding a value to a key already selecting never hides an issue", () => {
    fc.assert(
      fc.property(
        arbitraryFilterableIssue,
        arbitraryFilters,
        logic,
        fc.constantFrom("bug", "ui", "none", "docs"),
        (card, filters, chosenLogic, label) => {
          fc.pre(filters.labels.in.length > 0);
          const wider = { ...filters, labels: { ...filters.labels, in: [...filters.labels.in, label] } };
          if (matchesBoardFilters(card, filters, chosenLogic, context))
            expect(matchesBoardFilters(card, wider, chosenLogic, context)).toBe(true);
        },
      ),
    );
  });
});
