import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoardIssue } from "../board/board-issue";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { layOutBoxes } from "../test/browser-apis";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { workspaceIssueAnswer } from "../test/viewed-issue";
import { ToastProvider } from "../ui/toast/ToastProvider";
import type { ViewedIssue } from "./issue-api";
import { boardAndIssueRoutes } from "./issue-route-table";

const counts = { issuesCount: 2, pullRequestsCount: 0, totalStoryPoints: 0 };

const card = (number: number, htmlUrl: string): BoardIssue => ({
  id: `i${number}`,
  number,
  title: `Card ${number}`,
  state: "OPEN",
  pullRequest: false,
  htmlUrl,
  labels: [],
  assignees: [],
  user: null,
});

// Labelled bug, so it stays on a board filtered by that label (the board filters loaded cards itself too).
const githubCard = {
  ...card(1, "https://github.com/acme/web-app/issues/1"),
  labels: [{ name: "bug", color: "d73a4a" }],
};
const nativeCard = card(7, "http://localhost:3000/workspaces/w1/issues/7");

const viewed = (overrides: Partial<ViewedIssue> = {}): ViewedIssue => ({
  id: "i1",
  number: 1,
  title: "Checkout button does nothing on Safari 17",
  body: "Clicking **Pay now** does nothing.<script>window.hacked = true</script>\n\n[details](https://example.com)",
  state: "OPEN",
  type: "GithubIssue",
  pullRequest: false,
  htmlUrl: "https://github.com/acme/web-app/issues/1",
  createdAt: "2025-01-02T10:00:00Z",
  labels: [{ name: "bug", color: "d73a4a" }],
  gantryLabels: { nodes: [] },
  connectedPrs: { nodes: [] },
  assignees: [{ login: "mona", avatarUrl: null }],
  user: { login: "demo", avatarUrl: null },
  repository: {
    id: "UmVwb3NpdG9yeTox",
    name: "web-app",
    ownerName: "acme",
    htmlUrl: "https://github.com/acme/web-app",
  },
  viewerPermission: "WRITE",
  pipelineIssue: {
    pipeline: { id: "p1", name: "New Issues" },
    priority: { id: "pr1", name: "High", color: "#d1242f" },
  },
  estimate: { value: 5 },
  milestone: null,
  sprints: {
    nodes: [
      {
        id: "U3ByaW50OjE=",
        name: "Sprint 14",
        state: "OPEN",
        startAt: "2025-01-06T00:00:00Z",
        endAt: "2025-01-20T00:00:00Z",
      },
    ],
  },
  releases: { nodes: [{ id: "UmVsZWFzZTox", title: "v2.0" }] },
  parentGantryEpics: { nodes: [{ id: "R2FudHJ5RXBpYzox", title: "Checkout revamp" }] },
  parentEpics: { nodes: [] },
  parentIssue: null,
  blockingIssues: { nodes: [] },
  blockedIssues: { nodes: [] },
  ...overrides,
});

function answers(issue: ViewedIssue | { errors: unknown[] } = viewed()): GraphQLHandler {
  return (call) => {
    if (call.operation === "boardPipelines")
      return {
        data: {
          workspace: {
            id: "w1",
            name: "Launch",
            viewerPermission: "WRITE",
            pipelines: [{ id: "p1", name: "New Issues", description: null, issueCounts: counts }],
          },
        },
      };
    if (call.operation === "boardPipelineIssues")
      return {
        data: {
          searchIssuesByPipeline: {
            pageInfo: { hasNextPage: false, endCursor: null },
            nodes: [githubCard, nativeCard],
          },
        },
      };
    if (call.operation === "viewedWorkspaceIssue") return "errors" in issue ? issue : workspaceIssueAnswer(issue);
    if (call.operation === "viewedRepositoryIssue") return "errors" in issue ? issue : { data: { issue } };
    return { data: {} };
  };
}

function renderAt(entry: string | { pathname: string; state: unknown }, graphql = answers()) {
  return renderWithGraphQL(<h1>Workspace</h1>, {
    path: "/workspaces/:workspaceId",
    entry,
    graphql,
    extraRoutes: [
      {
        element: (
          <ToastProvider>
            <CommandRegistryProvider>
              <Outlet />
            </CommandRegistryProvider>
          </ToastProvider>
        ),
        children: boardAndIssueRoutes,
      },
    ],
  });
}

const flyover = () => screen.findByRole("dialog", { name: /Issue #/ });

describe("issue viewer", () => {
  layOutBoxes({ boxSize: 600 });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("opens a clicked card over the board at the issue's address, its body rendered safely", async () => {
    const { router, calls } = renderAt("/workspaces/w1/board?labels=bug");
    await userEvent.click(await screen.findByRole("link", { name: "Card 1" }));
    const dialog = await flyover();
    expect(router.state.location.pathname).toBe("/workspaces/w1/issues/acme/web-app/1");
    // The board's filters stay in the address, for when the flyover closes.
    expect(router.state.location.search).toBe("?labels=bug");
    expect(calls.find((call) => call.operation === "viewedWorkspaceIssue")?.variables).toEqual({
      workspaceId: "w1",
      issueNumber: 1,
      owner: "acme",
      repo: "web-app",
    });
    const view = within(dialog);
    expect(
      await view.findByRole("heading", { level: 2, name: "Checkout button does nothing on Safari 17" }),
    ).toBeInTheDocument();
    expect(view.getByText("Pay now").tagName).toBe("STRONG");
    expect(dialog.querySelector("script")).toBeNull();
    const bodyLink = view.getByRole("link", { name: "details" });
    expect(bodyLink).toHaveAttribute("target", "_blank");
    expect(bodyLink).not.toHaveAttribute("node");
    expect(view.getByText("New Issues")).toBeInTheDocument();
    expect(view.getByText("mona")).toBeInTheDocument();
    expect(view.getByText("5 points")).toBeInTheDocument();
    expect(view.getByText("High")).toBeInTheDocument();
    // Each bucket opens the board narrowed to it (SPEC §9 issuesBucketId).
    expect(view.getByRole("link", { name: "v2.0" })).toHaveAttribute(
      "href",
      "/workspaces/w1/board?issuesBucketId=UmVsZWFzZTox",
    );
    expect(view.getByRole("link", { name: "Checkout revamp" })).toHaveAttribute(
      "href",
      "/workspaces/w1/board?issuesBucketId=R2FudHJ5RXBpYzox",
    );
    expect(view.getByText("No parent issue")).toBeInTheDocument();
    expect(view.getByText("bug")).toBeInTheDocument();
    expect(view.getByRole("link", { name: "Open in new tab" })).toHaveAttribute(
      "href",
      "/workspaces/w1/issues/acme/web-app/1",
    );
    expect(view.getByRole("link", { name: "Open on GitHub" })).toHaveAttribute("href", githubCard.htmlUrl);
    // The board is still there behind it.
    expect(screen.getByRole("region", { name: "New Issues", hidden: true })).toBeInTheDocument();
  });

  it("closes on Escape, back to the board's address, with focus on the card it came from", async () => {
    const { router } = renderAt("/workspaces/w1/board");
    const title = await screen.findByRole("link", { name: "Card 1" });
    title.focus();
    await userEvent.keyboard("{Enter}");
    await flyover();
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/workspaces/w1/board");
    await vi.waitFor(() => expect(screen.getByRole("link", { name: "Card 1" })).toHaveFocus());
  });

  it("opens a native issue at its Gantry address, without a GitHub link", async () => {
    const { router, calls } = renderAt("/workspaces/w1/board", answers(viewed({ type: "GantryIssue", number: 7 })));
    await userEvent.click(await screen.findByRole("link", { name: "Card 7" }));
    const dialog = await flyover();
    expect(router.state.location.pathname).toBe("/workspaces/w1/issues/7");
    expect(calls.find((call) => call.operation === "viewedWorkspaceIssue")?.variables).toEqual({
      workspaceId: "w1",
      issueNumber: 7,
    });
    await within(dialog).findByRole("heading", { level: 2 });
    expect(within(dialog).queryByRole("link", { name: "Open on GitHub" })).not.toBeInTheDocument();
  });

  it("leaves a card being moved by keyboard to the move: Enter drops it without opening it", async () => {
    const { router } = renderAt("/workspaces/w1/board");
    const title = await screen.findByRole("link", { name: "Card 1" });
    title.focus();
    await userEvent.keyboard(" ");
    await userEvent.keyboard("{Enter}");
    expect(router.state.location.pathname).toBe("/workspaces/w1/board");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the board with the flyover for an issue address opened from the board (a reload keeps that)", async () => {
    renderAt({ pathname: "/workspaces/w1/issues/acme/web-app/1", state: { overBoard: true } });
    expect(await flyover()).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Card 1", hidden: true })).toBeInTheDocument();
  });

  it("shows an issue address reached any other way (a new tab, a shared link) as the issue's own page", async () => {
    const { router } = renderAt("/workspaces/w1/issues/acme/web-app/1");
    expect(await screen.findByRole("heading", { level: 1, name: viewed().title })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "New Issues" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Open in new tab" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Back to the board" }));
    expect(router.state.location.pathname).toBe("/workspaces/w1/board");
  });

  it("reads a repository issue with no workspace by its repository (path form 3)", async () => {
    const { calls } = renderAt("/issues/acme/web-app/1", answers(viewed({ pipelineIssue: undefined })));
    expect(await screen.findByRole("heading", { level: 1, name: viewed().title })).toBeInTheDocument();
    expect(calls.find((call) => call.operation === "viewedRepositoryIssue")?.variables).toMatchObject({
      owner: "acme",
      repo: "web-app",
      issueNumber: 1,
    });
    expect(screen.queryByText("Pipeline")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to the board" })).not.toBeInTheDocument();
  });

  it("says why an issue cannot be shown", async () => {
    const missing = { errors: [{ message: "This issue does not exist.", extensions: { code: "NOT_FOUND" } }] };
    renderAt("/issues/acme/web-app/99", answers(missing));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We couldn't open this issue: This issue does not exist.",
    );
    renderAt("/issues/acme/web-app/0");
    expect(await screen.findByText(/issue numbers are whole numbers from 1/)).toBeInTheDocument();
  });
});
