import { cleanup, render, screen, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { type BoardActions, BoardActionsContext } from "./board-actions";
import type { BoardIssue } from "./board-issue";
import { pageLoaded } from "./board-issues-slice";
import type { BoardSettingName } from "./board-settings";
import { settingChanged } from "./board-slice";
import { createBoardStore } from "./board-store";
import { IssueCard } from "./IssueCard";

const actions: BoardActions = {
  canMove: false,
  moveIssue: () => null,
  onCardKeyDown: () => {},
  loadNextPage: () => {},
};

const fullIssue: BoardIssue = {
  id: "i1",
  number: 42,
  title: "Checkout times out",
  state: "OPEN",
  pullRequest: false,
  htmlUrl: "http://gantry.test/workspaces/W1/issues/42",
  type: "GantryIssue",
  repository: { name: "Payments", ownerName: "Acme" },
  labels: [{ name: "bug", color: "d73a4a" }],
  assignees: [{ login: "mona", avatarUrl: null }],
  user: { login: "mona" },
  estimate: { value: 5 },
  milestone: { title: "Q4" },
  parentIssue: { number: 7, title: "Faster checkout" },
  issueCountProgress: { open: 3, closed: 2, total: 5 },
  issueEstimateProgress: { open: 6, closed: 2.5, total: 8.5 },
  parentEpics: { nodes: [{ issue: { number: 3, title: "Payments revamp" } }] },
  parentGantryEpics: { nodes: [{ title: "Onboarding" }] },
  sprints: { nodes: [{ name: "Sprint 12" }] },
  releases: { nodes: [{ title: "v2.0" }] },
  blockingIssues: { totalCount: 1 },
  blockedIssues: { totalCount: 2 },
  pipelineIssue: { priority: { id: "p1", name: "High", color: "#d1242f" } },
};

function renderCard(issue: BoardIssue, settings: Partial<Record<BoardSettingName, boolean>> = {}) {
  const store = createBoardStore(memoryStorage());
  store.dispatch(pageLoaded({ pipelineId: "p", issues: [issue], endCursor: null, hasNextPage: false }));
  for (const [name, value] of Object.entries(settings))
    store.dispatch(settingChanged({ name: name as BoardSettingName, value }));
  render(
    <Provider store={store}>
      <BoardActionsContext.Provider value={actions}>
        <IssueCard issueId={issue.id} pipelineId="p" showDropLine={false} />
      </BoardActionsContext.Provider>
    </Provider>,
  );
  return { card: screen.getByRole("article"), store };
}

describe("issue card", () => {
  it("shows every field by default, with the native marker, priority and estimate", () => {
    const { card } = renderCard(fullIssue);
    const fields = within(card).getByRole("list", { name: "Issue fields" });
    for (const name of [
      "Epic #3: Payments revamp",
      "Epic: Onboarding",
      "Sprint: Sprint 12",
      "Milestone: Q4",
      "Release: v2.0",
      "Blocked by 1 issue",
      "Blocking 2 issues",
      "Sub-issues done: 2/5",
    ])
      expect(within(fields).getByRole("listitem", { name })).toBeInTheDocument();
    expect(card).toHaveTextContent("Gantry");
    expect(card).toHaveTextContent("Payments");
    expect(card).toHaveTextContent("#7 Faster checkout");
    expect(card).toHaveTextContent("High");
    expect(card).toHaveTextContent("Estimate: 5 points");
    expect(within(card).getByRole("list", { name: "Labels" })).toHaveTextContent("bug");
  });

  it("hides each field its display toggle turns off", () => {
    const { card } = renderCard(fullIssue, {
      showEpics: false,
      showSprints: false,
      showMilestones: false,
      showReleases: false,
      showDependencies: false,
      showParentIssues: false,
      showEstimates: false,
      showLabels: false,
      showRepos: false,
    });
    expect(within(card).getByRole("list", { name: "Issue fields" })).toHaveTextContent(/^2\/5$/);
    expect(card).not.toHaveTextContent("Faster checkout");
    expect(card).not.toHaveTextContent("Estimate");
    expect(card).not.toHaveTextContent("Payments");
    expect(within(card).queryByRole("list", { name: "Labels" })).toBeNull();
    // Priority is not a display toggle: it always shows.
    expect(card).toHaveTextContent("High");
  });

  it("shows sub-issue progress in points when the board says so", () => {
    const { card } = renderCard(fullIssue, { showSubIssueProgressAsPoints: true });
    expect(within(card).getByRole("listitem", { name: "Sub-issues done: 2.5/8.5 pts" })).toBeInTheDocument();
  });

  it("shows a pull request's requested reviewers while the reviewers toggle is on, and never on condensed cards", () => {
    const pull: BoardIssue = {
      ...fullIssue,
      pullRequest: true,
      type: "GithubIssue",
      reviewRequests: {
        nodes: [{ reviewer: { login: "hubot", avatarUrl: null } }, { reviewer: { login: "octocat", avatarUrl: null } }],
      },
    };
    const shown = renderCard(pull).card;
    const reviewers = within(shown).getByRole("list", { name: "Review requested from" });
    expect(within(reviewers).getByTitle("Review requested from hubot")).toHaveTextContent("hubot");
    expect(within(reviewers).getByTitle("Review requested from octocat")).toHaveTextContent("octocat");
    cleanup();

    const hidden = renderCard(pull, { showReviewers: false }).card;
    expect(within(hidden).queryByRole("list", { name: "Review requested from" })).toBeNull();
    cleanup();

    const condensed = renderCard(pull, { isCondensedViewEnabled: true }).card;
    expect(within(condensed).queryByRole("list", { name: "Review requested from" })).toBeNull();
  });

  it("shows no reviewers on an issue or a pull request nobody was asked to review", () => {
    const { card } = renderCard({ ...fullIssue, pullRequest: true, reviewRequests: { nodes: [] } });
    expect(within(card).queryByRole("list", { name: "Review requested from" })).toBeNull();
  });

  it("draws one dense line in condensed view", () => {
    const { card } = renderCard(fullIssue, { isCondensedViewEnabled: true });
    expect(within(card).queryByRole("list", { name: "Issue fields" })).toBeNull();
    expect(within(card).queryByRole("list", { name: "Labels" })).toBeNull();
    expect(within(card).getByRole("link", { name: "Checkout times out" })).toBeInTheDocument();
    expect(card).toHaveTextContent("High");
    expect(card).not.toHaveTextContent("Faster checkout");
  });

  it("draws a GitHub issue with none of the fields as before", () => {
    const { card } = renderCard({
      ...fullIssue,
      type: "GithubIssue",
      repository: { name: "web-app", ownerName: "acme" },
      estimate: null,
      milestone: null,
      parentIssue: null,
      issueCountProgress: null,
      issueEstimateProgress: null,
      parentEpics: { nodes: [] },
      parentGantryEpics: { nodes: [] },
      sprints: { nodes: [] },
      releases: { nodes: [] },
      blockingIssues: { totalCount: 0 },
      blockedIssues: { totalCount: 0 },
      pipelineIssue: { priority: null },
    });
    expect(within(card).queryByRole("list", { name: "Issue fields" })).toBeNull();
    expect(card).not.toHaveTextContent("Gantry");
    expect(within(card).getByTitle("acme/web-app")).toHaveTextContent("web-app");
  });
});
