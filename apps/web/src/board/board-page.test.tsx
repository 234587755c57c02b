import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "../accounts/RequireAuth";
import { CommandPalette } from "../shell/command-palette/CommandPalette";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { layOutBoxes } from "../test/browser-apis";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { BoardPage } from "./BoardPage";
import type { BoardIssue } from "./board-issue";
import { sendEarlyBoardRequest } from "./early-board-request";

const counts = (issuesCount: number, pullRequestsCount = 0) => ({
  issuesCount,
  pullRequestsCount,
  totalStoryPoints: 0,
});

function workspace(viewerPermission: string, isEmpty: boolean) {
  return {
    data: {
      workspace: {
        id: "w1",
        name: "Launch",
        viewerPermission,
        pipelines: [
          { id: "p1", name: "New Issues", description: null, issueCounts: isEmpty ? counts(0) : counts(2, 1) },
          { id: "p2", name: "Backlog", description: null, issueCounts: counts(0) },
          { id: "closed--pipeline", name: "Closed", description: null, issueCounts: counts(isEmpty ? 0 : 1) },
        ],
      },
    },
  };
}

const issue = (number: number, pullRequest = false): BoardIssue => ({
  id: `i${number}`,
  number,
  title: `Issue ${number}`,
  state: "OPEN",
  pullRequest,
  htmlUrl: `https://github.com/acme/web-app/${pullRequest ? "pull" : "issues"}/${number}`,
  labels: [{ name: "bug", color: "d73a4a" }],
  assignees: [{ login: "demo", avatarUrl: null }],
  user: null,
});

const page = (nodes: BoardIssue[]) => ({ pageInfo: { hasNextPage: false, endCursor: null }, nodes });

function boardAnswers(options: { permission?: string; newIssues?: BoardIssue[]; move?: () => unknown } = {}) {
  const { permission = "WRITE", newIssues = [issue(1), issue(2), issue(3, true)], move } = options;
  const handler: GraphQLHandler = (call) => {
    if (call.operation === "boardPipelines") return workspace(permission, newIssues.length === 0);
    if (call.operation === "boardPipelineIssues")
      return { data: { searchIssuesByPipeline: page(call.variables.pipelineId === "p1" ? newIssues : []) } };
    if (call.operation === "boardClosedIssues") return { data: { searchClosedIssues: page([]) } };
    if (call.operation === "moveIssue" && move) return move();
    return { data: { moveIssue: { pipeline: { id: "p2" } } } };
  };
  return handler;
}

function renderBoard(graphql: GraphQLHandler, palette = false) {
  return renderWithGraphQL(
    // The board sits in the shell, which provides toasts and the command palette's registry.
    <ToastProvider>
      <CommandRegistryProvider>
        <BoardPage />
        {palette ? <CommandPalette onClose={() => undefined} /> : null}
      </CommandRegistryProvider>
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/board", entry: "/workspaces/w1/board", otherPaths: ["/workspaces/:id"], graphql },
  );
}

const column = (name: string) => screen.getByRole("region", { name });

describe("board page", () => {
  // A card's slot is as tall as a normal card; every other box, 600 px.
  layOutBoxes({ boxSize: 600, cardHeight: 92 });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("reads each pipeline under the board's filters, search text and sort, the Closed one without a sort", async () => {
    const { calls } = renderBoard(boardAnswers());
    await screen.findByRole("region", { name: "New Issues" });
    await vi.waitFor(() => expect(calls.some((call) => call.operation === "boardClosedIssues")).toBe(true));
    expect(calls.find((call) => call.operation === "boardPipelineIssues")?.variables).toMatchObject({
      query: "",
      sortType: "SORT_TYPE_MANUAL",
      filters: { matchType: "all", labels: { notInAny: false, in: [], nin: [] } },
    });
    const closed = calls.find((call) => call.operation === "boardClosedIssues")?.variables;
    expect(closed).toMatchObject({ query: "", filters: { matchType: "all" } });
    expect(closed).not.toHaveProperty("sortType");
  });

  it("on a first visit draws the pipelines and their cards from the requests sent while the code loaded, without asking again", async () => {
    // What src/early.ts does before the app's code arrives, with the session the app then loads.
    window.history.replaceState(null, "", "/workspaces/w1/board");
    localStorage.setItem("authV2_token", "t1");
    sessionStorage.setItem("authV2_token", "t1");
    const sentEarly = vi.fn(async (_url: string, init: RequestInit) => {
      const { query } = JSON.parse(String(init.body)) as { query: string };
      if (query.startsWith("query boardPipelines")) return Response.json(workspace("WRITE", false));
      return Response.json({ data: { p0: page([issue(1), issue(2), issue(3, true)]), p1: page([]) } });
    });
    vi.stubGlobal("fetch", sentEarly);
    sendEarlyBoardRequest();
    // As in the app, the board is drawn once the session has loaded (RequireAuth).
    const { calls } = renderWithGraphQL(
      <ToastProvider>
        <CommandRegistryProvider>
          <RequireAuth>
            <BoardPage />
          </RequireAuth>
        </CommandRegistryProvider>
      </ToastProvider>,
      {
        path: "/workspaces/:workspaceId/board",
        entry: "/workspaces/w1/board",
        graphql: boardAnswers({ newIssues: [] }),
      },
    );
    // The board's own answers have no cards for New Issues: these came from the early pages.
    expect(await screen.findByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    expect(within(column("New Issues")).getAllByRole("article")).toHaveLength(3);
    expect(column("Backlog")).toBeInTheDocument();
    // The list, then one request for the two open pipelines' first pages (the Closed one is the board's).
    expect(sentEarly).toHaveBeenCalledTimes(2);
    // The board read neither the list nor an open pipeline's first page itself (a later reading of the
    // list is the live updates' refresh, REFRESH_AFTER_MS after their connection failed here).
    await vi.waitFor(() => expect(calls.some((call) => call.operation === "boardClosedIssues")).toBe(true));
    const asked = calls.map((call) => call.operation);
    expect(asked).not.toContain("boardFirstPages");
    expect(asked).not.toContain("boardPipelineIssues");
    expect(asked.slice(0, asked.indexOf("boardClosedIssues"))).not.toContain("boardPipelines");
    sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("asks for the columns' first pages as the pipeline list arrives, before drawing the columns", async () => {
    const boardDrawnWhenAsked: boolean[] = [];
    const answers = boardAnswers();
    renderBoard((call) => {
      if (call.operation === "boardPipelineIssues")
        boardDrawnWhenAsked.push(screen.queryByRole("region", { name: "Pipelines" }) !== null);
      return answers(call);
    });
    expect(await screen.findByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    // New Issues and Backlog, asked for by the list's answer, not by the columns' effects.
    expect(boardDrawnWhenAsked).toEqual([false, false]);
    expect(JSON.parse(localStorage.getItem("gantryBoardPipelines_w1") ?? "[]")).toEqual([
      "p1",
      "p2",
      "closed--pipeline",
    ]);
  });

  /** Holds the frames until the test lets one be painted (answers the function that paints one). */
  function holdFrames() {
    const frames = new Map<number, FrameRequestCallback>();
    let lastFrame = 0;
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
      frames.set(++lastFrame, callback);
      return lastFrame;
    });
    vi.stubGlobal("cancelAnimationFrame", (id: number) => frames.delete(id));
    return async () => {
      const waiting = [...frames.values()];
      frames.clear();
      await act(async () => {
        for (const frame of waiting) frame(0);
        // afterNextPaint's timer, set from the frame.
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    };
  }

  it("draws a column's cards in view and one more in its first frame, and six past the view a frame after it", async () => {
    const paintAFrame = holdFrames();
    // One lane of cards, so the column's height alone says how many are in view.
    localStorage.setItem("areMultiColumnPipelinesEnabled", "false");
    const issues = Array.from({ length: 30 }, (_, index) => issue(index + 1));
    renderBoard(boardAnswers({ newIssues: issues }));
    const cards = () => within(screen.getByRole("list", { name: "Issues in New Issues" })).queryAllByRole("article");
    await screen.findByRole("article", { name: "Issue #1: Issue 1" });
    // A 600 px column shows 7 cards of 92 px (the 7th in part); until a frame is painted, one more is drawn.
    await vi.waitFor(() => expect(cards()).toHaveLength(8));
    await paintAFrame();
    await vi.waitFor(() => expect(cards()).toHaveLength(13));
    expect(cards().at(-1)).toHaveAccessibleName("Issue #13: Issue 13");
  });

  it("draws the cards of the columns in view in the first frame, the others two columns a frame after it", async () => {
    // A window two columns wide, and the frames held until the test lets one be painted.
    vi.stubGlobal("innerWidth", 500);
    const paintAFrame = holdFrames();
    const names = Array.from({ length: 7 }, (_, index) => `Pipeline ${index + 1}`);
    renderBoard((call) => {
      if (call.operation === "boardPipelines")
        return {
          data: {
            workspace: {
              id: "w1",
              name: "Launch",
              viewerPermission: "WRITE",
              pipelines: names.map((name, index) => ({
                id: `p${index + 1}`,
                name,
                description: null,
                issueCounts: counts(2),
              })),
            },
          },
        };
      if (call.operation === "boardPipelineIssues") {
        const at = Number(String(call.variables.pipelineId).slice(1)) * 10;
        return { data: { searchIssuesByPipeline: page([issue(at), issue(at + 1)]) } };
      }
      return { data: {} };
    });
    const cardsIn = (name: string) => within(column(name)).queryAllByRole("article").length;
    const drawn = () => names.map(cardsIn);

    await within(await screen.findByRole("region", { name: "Pipeline 1" })).findAllByRole("article");
    await vi.waitFor(() => expect(cardsIn("Pipeline 2")).toBe(2));
    // Every column is there, with its name and counts; only the two in view have drawn their cards.
    expect(drawn()).toEqual([2, 2, 0, 0, 0, 0, 0]);
    expect(within(column("Pipeline 7")).getByText("2 Issues / 0 PRs / 0 Points")).toBeInTheDocument();
    expect(within(column("Pipeline 7")).queryByText("No issues")).not.toBeInTheDocument();

    await paintAFrame();
    expect(drawn()).toEqual([2, 2, 2, 2, 0, 0, 0]);
    await paintAFrame();
    expect(drawn()).toEqual([2, 2, 2, 2, 2, 2, 0]);
    await paintAFrame();
    // Once drawn, the board is as it was when every column drew at once, cards movable by keyboard.
    expect(drawn()).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(within(column("Pipeline 7")).getByRole("article", { name: "Issue #70: Issue 70" })).toHaveAttribute(
      "aria-roledescription",
      "movable card",
    );
  });

  function holdingTheList(answers: GraphQLHandler) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler: GraphQLHandler = async (call) => {
      if (call.operation === "boardPipelines") await held;
      return answers(call);
    };
    return { handler, release: () => release() };
  }
  const askedFor = (calls: GraphQLCall[]) =>
    calls.filter((call) => call.operation === "boardPipelineIssues").map((call) => call.variables.pipelineId);

  it("on a return visit asks for the remembered pipelines' cards beside the pipeline list, once each", async () => {
    localStorage.setItem("gantryBoardPipelines_w1", JSON.stringify(["p1", "p2"]));
    const list = holdingTheList(boardAnswers());
    const { calls } = renderBoard(list.handler);
    await vi.waitFor(() => expect(askedFor(calls)).toEqual(["p1", "p2"]));
    expect(screen.queryByRole("region", { name: "Pipelines" })).not.toBeInTheDocument();
    list.release();
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    expect(await within(newIssues).findByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    expect(await within(column("Backlog")).findByText("No issues")).toBeInTheDocument();
    // The columns find their pages on their way and do not ask again.
    expect(askedFor(calls)).toEqual(["p1", "p2"]);
  });

  it("drops a remembered pipeline that is gone, without an error on the board", async () => {
    localStorage.setItem("gantryBoardPipelines_w1", JSON.stringify(["gone"]));
    const answers = boardAnswers();
    const list = holdingTheList((call) =>
      call.operation === "boardPipelineIssues" && call.variables.pipelineId === "gone"
        ? { errors: [{ message: "Pipeline not found", extensions: { code: "NOT_FOUND" } }] }
        : answers(call),
    );
    const { calls } = renderBoard(list.handler);
    await vi.waitFor(() => expect(askedFor(calls)).toEqual(["gone"]));
    list.release();
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    expect(await within(newIssues).findByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    expect(screen.queryByText(/Pipeline not found/)).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("gantryBoardPipelines_w1") ?? "[]")).not.toContain("gone");
  });

  it("offers the board's actions in the command palette", async () => {
    renderBoard(boardAnswers(), true);
    await screen.findByRole("region", { name: "New Issues" });
    const input = screen.getByPlaceholderText("Type a command or search…");
    await userEvent.type(input, "condensed");
    await userEvent.click(await screen.findByRole("option", { name: "Show condensed view" }));
    expect(JSON.parse(localStorage.getItem("isCondensedViewEnabled") ?? "false")).toBe(true);
  });

  it("shows each pipeline with its count text, its cards, and No issues when empty", async () => {
    renderBoard(boardAnswers());
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    expect(within(newIssues).getByText("2 Issues / 1 PR / 0 Points")).toBeInTheDocument();
    expect(within(column("Backlog")).getByText("0 Issues / 0 Points")).toBeInTheDocument();
    expect(within(column("Closed")).getByText("1 Issue / 0 PRs / 0 Points")).toBeInTheDocument();
    expect(await within(newIssues).findByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    expect(within(newIssues).getByRole("article", { name: "Pull request #3: Issue 3" })).toBeInTheDocument();
    expect(await within(column("Backlog")).findByText("No issues")).toBeInTheDocument();
  });

  it("reads the next page when the column is scrolled near the end of what is loaded", async () => {
    const first = Array.from({ length: 50 }, (_, index) => issue(index + 1));
    const second = Array.from({ length: 20 }, (_, index) => issue(index + 51));
    const { calls } = renderBoard((call) => {
      if (call.operation !== "boardPipelineIssues" || call.variables.pipelineId !== "p1") {
        return boardAnswers()(call);
      }
      const isFirst = call.variables.after === null;
      const nodes = isFirst ? first : second;
      return {
        data: {
          searchIssuesByPipeline: { pageInfo: { hasNextPage: isFirst, endCursor: isFirst ? "c1" : null }, nodes },
        },
      };
    });
    const list = await screen.findByRole("list", { name: "Issues in New Issues" });
    await within(list).findByRole("article", { name: "Issue #1: Issue 1" });
    // Only what fits is drawn, and nothing more is read yet.
    expect(within(list).queryByRole("article", { name: "Issue #50: Issue 50" })).not.toBeInTheDocument();
    const pageCalls = () =>
      calls.filter((call) => call.operation === "boardPipelineIssues" && call.variables.pipelineId === "p1");
    expect(pageCalls()).toHaveLength(1);

    const scroller = list.parentElement as HTMLElement;
    Object.defineProperty(scroller, "scrollTop", { configurable: true, value: 50 * 92 - 600 });
    fireEvent.scroll(scroller);
    expect(await within(list).findByRole("article", { name: "Issue #50: Issue 50" })).toBeInTheDocument();
    await vi.waitFor(() => expect(pageCalls().map((call) => call.variables.after)).toEqual([null, "c1"]));
  });

  it("explains how to connect repositories when the board is empty", async () => {
    renderBoard(boardAnswers({ newIssues: [] }));
    expect(await screen.findByText(/This board has no issues yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "workspace page" })).toHaveAttribute("href", "/workspaces/w1");
  });

  it("hides pull requests and the Closed pipeline when toggled off, and remembers it under showPRs and showClosed", async () => {
    renderBoard(boardAnswers());
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    await within(newIssues).findByRole("article", { name: "Pull request #3: Issue 3" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Pull requests" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Closed pipeline" }));
    expect(within(newIssues).queryByRole("article", { name: /Pull request/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Closed" })).not.toBeInTheDocument();
    expect(localStorage.getItem("showPRs")).toBe("false");
    expect(localStorage.getItem("showClosed")).toBe("false");
  });

  it("moves a card by keyboard at once, and puts it back with a toast when the server refuses", async () => {
    const refused = { errors: [{ message: "Not allowed", extensions: { code: "FORBIDDEN" } }] };
    const { calls } = renderBoard(boardAnswers({ move: () => refused }));
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    const card = await within(newIssues).findByRole("article", { name: "Issue #1: Issue 1" });
    const handle = within(card).getByRole("link");
    fireEvent.keyDown(handle, { key: " " });
    expect(screen.getByRole("status")).toHaveTextContent(/^Picked up #1 in New Issues/);
    fireEvent.keyDown(handle, { key: "ArrowRight" });
    expect(screen.getByRole("status")).toHaveTextContent("#1 would go to Backlog, position 1 of 1.");
    fireEvent.keyDown(handle, { key: "Enter" });

    // At once, before the server answers: in Backlog, pending, and counted there.
    const backlog = column("Backlog");
    expect(within(backlog).getByRole("article", { name: "Issue #1: Issue 1" })).toHaveAttribute("aria-busy", "true");
    expect(within(backlog).getByText("1 Issue / 0 PRs / 0 Points")).toBeInTheDocument();
    expect(within(newIssues).getByText("1 Issue / 1 PR / 0 Points")).toBeInTheDocument();
    expect(calls.find((call) => call.operation === "moveIssue")?.variables).toMatchObject({
      issueId: "i1",
      pipelineId: "p2",
      position: 0,
      workspaceId: "w1",
    });

    expect(
      await screen.findByText("#1 was moved back: you don't have permission to move issues in this workspace."),
    ).toBeInTheDocument();
    expect(within(newIssues).getByRole("article", { name: "Issue #1: Issue 1" })).toBeInTheDocument();
    expect(within(backlog).queryByRole("article")).not.toBeInTheDocument();
    expect(within(backlog).getByText("0 Issues / 0 Points")).toBeInTheDocument();
  });

  it("does not let a viewer pick a card up", async () => {
    renderBoard(boardAnswers({ permission: "READ" }));
    const card = await screen.findByRole("article", { name: "Issue #1: Issue 1" });
    fireEvent.keyDown(within(card).getByRole("link"), { key: " " });
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(screen.getByText("You can view this board; moving cards needs write access.")).toBeInTheDocument();
  });

  it("opened on the current sprint, shows the cards the server kept in that sprint", async () => {
    const inSprint = (number: number): BoardIssue => ({
      ...issue(number),
      sprints: { nodes: [{ id: "s1", name: "Sprint: Nov 2", startAt: "2026-11-02T00:00:00.000Z" }] },
    });
    const sprintBoard: GraphQLHandler = (call) => {
      if (call.operation === "boardPipelines") {
        const answer = workspace("WRITE", false);
        return { data: { workspace: { ...answer.data.workspace, activeSprint: { id: "s1" } } } };
      }
      // As the server answers `current_sprint`: the running sprint's issues only.
      if (call.operation === "boardPipelineIssues" || call.operation === "boardFirstPages") {
        const nodes = call.variables.filters ? [inSprint(1), inSprint(2)] : [];
        if (call.operation === "boardPipelineIssues")
          return { data: { searchIssuesByPipeline: page(call.variables.pipelineId === "p1" ? nodes : []) } };
        return { data: { p0: page(nodes), p1: page([]) } };
      }
      return { data: { searchClosedIssues: page([]) } };
    };
    const { calls } = renderWithGraphQL(
      <ToastProvider>
        <CommandRegistryProvider>
          <BoardPage />
        </CommandRegistryProvider>
      </ToastProvider>,
      {
        path: "/workspaces/:workspaceId/board",
        entry: "/workspaces/w1/board?sprints%3Asettings=current_sprint",
        graphql: sprintBoard,
      },
    );
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    expect(await within(newIssues).findByText("Issue 1")).toBeInTheDocument();
    expect(within(newIssues).getByText("Issue 2")).toBeInTheDocument();
    expect(within(newIssues).queryByText("No issues")).toBeNull();
    const read = calls.find((call) => call.operation === "boardPipelineIssues" || call.operation === "boardFirstPages");
    expect(read?.variables.filters).toMatchObject({ sprints: { specialFilters: "current_sprint" } });
  });

  it("offers to try again when the board cannot be loaded", async () => {
    renderBoard(() => ({ errors: [{ message: "Boom", extensions: { code: "INTERNAL" } }] }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't load this board: Boom");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
