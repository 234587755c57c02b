import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoardIssue } from "../board/board-issue";
import { IssueCardFields } from "../board/IssueCardFields";
import { config, fakeSprintServer, renderSprintUi, type SprintServerState, sprint } from "./sprint-test-server";

const active = sprint("s1", "Sprint: Nov 23 – Dec 6, 2026");
const next = sprint("s2", "Sprint: Dec 7 – Dec 20, 2026", { startAt: "2026-12-07T00:00:00Z" });
const later = sprint("s3", "Hardening", { startAt: "2026-12-21T00:00:00Z" });

const state: SprintServerState = {
  workspace: {
    viewerPermission: "WRITE",
    sprintConfig: config(true),
    activeSprint: { id: active.id },
    openSprints: [active, next, later],
  },
  closed: [],
  issue: { sprints: [], predictedSprint: null },
  settings: {},
};

const issue = (overrides: Partial<BoardIssue>): BoardIssue => ({
  id: "i1",
  number: 1,
  title: "Gift cards",
  state: "OPEN",
  pullRequest: false,
  htmlUrl: "http://localhost/workspaces/w1/issues/1",
  labels: [],
  assignees: [],
  user: null,
  ...overrides,
});

const shown = {
  showEpics: true,
  showSprints: true,
  showPredictedSprints: true,
  showMilestones: true,
  showReleases: true,
  showDependencies: true,
  showParentIssues: true,
  showSubIssueProgressAsPoints: false,
};

const renderCard = (card: BoardIssue, show = shown) =>
  renderSprintUi(<IssueCardFields issue={card} shown={show} />, "/workspaces/:workspaceId/board");

describe("Predicted sprint badge on cards", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("reads 'Next Sprint: …' for the next sprint and 'Predicted: …' for a later one", async () => {
    fakeSprintServer(state);
    renderCard(issue({ predictedSprint: next }));
    expect(await screen.findByText("Next Sprint: Dec 7 – Dec 20, 2026")).toBeInTheDocument();
  });

  it("keeps the colon for a name not starting with 'Sprint:'", async () => {
    fakeSprintServer(state);
    renderCard(issue({ predictedSprint: later }));
    expect(await screen.findByText("Predicted: Hardening")).toBeInTheDocument();
  });

  it("is left out when the Predicted sprints toggle is off", async () => {
    fakeSprintServer(state);
    renderCard(issue({ predictedSprint: next, milestone: { title: "v2" } }), { ...shown, showPredictedSprints: false });
    expect(await screen.findByText("v2")).toBeInTheDocument();
    expect(screen.queryByText(/^Next Sprint/)).toBeNull();
  });

  it("is left out when the issue has a sprint", async () => {
    const calls = fakeSprintServer(state);
    renderCard(issue({ predictedSprint: next, sprints: { nodes: [{ id: "s1", name: active.name }] } }));
    expect(await screen.findByText(active.name)).toBeInTheDocument();
    expect(screen.queryByText(/^Next Sprint/)).toBeNull();
    expect(calls).toEqual([]);
  });
});
