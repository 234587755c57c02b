import { emptyFilters } from "@gantry/domain";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Provider } from "react-redux";
import { useSearchParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../test/memory-storage";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import { pageLoaded } from "../board-issues-slice";
import { boardFiltersApplied } from "../board-slice";
import { type BoardStore, createBoardStore } from "../board-store";
import { FilterBar } from "./FilterBar";
import { filtersFromLink } from "./filter-link";

const connection = (nodes: unknown[]) => ({ pageInfo: { hasNextPage: false, endCursor: null }, nodes });

const bugView = {
  id: "view-1",
  name: "Bugs",
  filters: { filters: { ...emptyFilters(), labels: { in: ["bug"], nin: [] } }, filterLogic: "all" },
  isShared: false,
  viewerIsCreator: true,
  viewerCanEdit: true,
};

/** The server's option lists for workspace w1, and its saved views. */
function answers(overrides: Partial<Record<string, (call: GraphQLCall) => unknown>> = {}): GraphQLHandler {
  return (call) => {
    const override = overrides[call.operation];
    if (override) return override(call);
    if (call.operation === "boardSavedViews") return { data: { workspace: { id: "w1", savedViews: { nodes: [] } } } };
    if (call.operation === "boardFilterOptions") {
      const query = String(call.variables.query ?? "");
      const labels = [
        { name: "bug", color: "d73a4a" },
        { name: "ui", color: "0075ca" },
      ].filter((label) => label.name.includes(query));
      return {
        data: {
          searchIssues: connection([{ id: "issue-7", number: 7, title: "Checkout" }]),
          workspace: {
            id: "w1",
            issueLabelOptions: connection(labels),
            sprints: connection([]),
          },
        },
      };
    }
    return { errors: [{ message: `unexpected ${call.operation}` }] };
  };
}

let store: BoardStore;

/** The board's filter bar over a board store made as BoardPage makes it: filters read from the link first. */
function Harness() {
  const [params] = useSearchParams();
  const [created] = useState(() => {
    const made = createBoardStore(memoryStorage());
    made.dispatch(boardFiltersApplied(filtersFromLink(params)));
    return made;
  });
  store = created;
  return (
    <Provider store={created}>
      <FilterBar workspaceId="w1" />
    </Provider>
  );
}

function renderBar(graphql: GraphQLHandler = answers(), entry = "/workspaces/w1/board") {
  return renderWithGraphQL(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/board", entry, graphql },
  );
}

const search = (router: ReturnType<typeof renderBar>["router"]) => new URLSearchParams(router.state.location.search);

describe("the board's filter bar", () => {
  afterEach(() => vi.useRealTimers());

  it("offers the server's labels in a searchable list and puts the picked ones in the link, replacing the entry", async () => {
    const user = userEvent.setup();
    const { router } = renderBar();
    await user.click(screen.getByRole("button", { name: "Labels" }));
    const list = await screen.findByRole("combobox", { name: "Labels" });
    expect(list).toHaveAttribute("placeholder", "Filter labels or type not: for exclusions");
    await user.click(await screen.findByRole("option", { name: "bug" }));
    expect(screen.getByRole("option", { name: "bug" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Labels" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Labels 1 selected" })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Active filters" })).getByText("Labels: bug")).toBeInTheDocument();
    await waitFor(() => expect(search(router).getAll("labels")).toEqual(["bug"]));
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("hides labels picked on the Hide tab (labels:not), and a chip takes a filter off", async () => {
    const user = userEvent.setup();
    const { router } = renderBar();
    await user.click(screen.getByRole("button", { name: "Labels" }));
    await user.click(await screen.findByRole("tab", { name: "Hide" }));
    expect(screen.queryByRole("option", { name: "No labels" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: "ui" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(search(router).getAll("labels:not")).toEqual(["ui"]));
    await user.click(screen.getByRole("button", { name: "Remove Labels: not ui" }));
    expect(screen.queryByRole("list", { name: "Active filters" })).not.toBeInTheDocument();
    await waitFor(() => expect(search(router).has("labels:not")).toBe(false));
  });

  it("names the filters a link sets that no menu offers, and a chip takes each off (decision 0103)", async () => {
    const user = userEvent.setup();
    const { router } = renderBar(
      answers(),
      "/workspaces/w1/board?parentIssues:settings=not_in_parent&issueTypeDisposition=BOARD_ONLY",
    );
    const chips = screen.getByRole("list", { name: "Active filters" });
    expect(within(chips).getByText("Parent issues: not in a parent")).toBeInTheDocument();
    expect(within(chips).getByText("Issue types: board only")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Parent issues: not in a parent" }));
    await waitFor(() => expect(search(router).has("parentIssues:settings")).toBe(false));
    expect(search(router).get("issueTypeDisposition")).toBe("BOARD_ONLY");
    await user.click(screen.getByRole("button", { name: "Remove Issue types: board only" }));
    expect(screen.queryByRole("list", { name: "Active filters" })).not.toBeInTheDocument();
    await waitFor(() => expect(search(router).has("issueTypeDisposition")).toBe(false));
  });

  it("offers the sprint special values and says when there are no sprints", async () => {
    const user = userEvent.setup();
    const { router } = renderBar();
    await user.click(screen.getByRole("button", { name: "Sprints" }));
    expect(await screen.findByText("No sprints found")).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "Current sprint" }));
    await user.click(screen.getByRole("option", { name: "Issues with no sprints" }));
    await waitFor(() =>
      expect(search(router).getAll("sprints:settings")).toEqual(["current_sprint", "Issues with no sprints"]),
    );
  });

  it("filters by a parent issue's children or everything below it (§4)", async () => {
    const user = userEvent.setup();
    const { router } = renderBar();
    await user.click(screen.getByRole("button", { name: "Parent issues" }));
    await user.click(await screen.findByRole("tab", { name: "All levels below" }));
    await user.click(await screen.findByRole("option", { name: "#7 Checkout" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(search(router).getAll("parentIssues")).toEqual(["issue-7"]));
    await waitFor(() => expect(search(router).getAll("recursiveIds")).toEqual(["issue-7"]));
    expect(screen.getByText("Parent issues: #7 Checkout (all levels below)")).toBeInTheDocument();
  });

  it("searches 300 ms after typing stops, completes not: on Tab, and Clear search empties the text", async () => {
    vi.useFakeTimers();
    const { router } = renderBar();
    const box = screen.getByRole("searchbox", { name: "Search issues" });
    expect(box).toHaveAttribute("placeholder", "Search issues or type not: for exclusions");
    fireEvent.change(box, { target: { value: "no" } });
    fireEvent.keyDown(box, { key: "Tab" });
    expect(box).toHaveValue("not:");
    fireEvent.change(box, { target: { value: "login not:flaky" } });
    act(() => vi.advanceTimersByTime(299));
    expect(store.getState().board.filters.search).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(store.getState().board.filters.search).toBe("login not:flaky");
    // The link follows once the board has painted the search (a frame).
    act(() => vi.advanceTimersByTime(20));
    expect(search(router).get("search")).toBe("login not:flaky");
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(box).toHaveValue("");
    expect(store.getState().board.filters.search).toBe("");
  });

  it("opens a link's filters and logic; Clear filters empties them, resets the logic and keeps the search", async () => {
    const user = userEvent.setup();
    const { router } = renderBar(
      answers(),
      "/workspaces/w1/board?labels=bug&labels:not=ui&filterLogic=any&search=login",
    );
    expect(screen.getByRole("searchbox", { name: "Search issues" })).toHaveValue("login");
    expect(screen.getByRole("radio", { name: "Any" })).toBeChecked();
    expect(screen.getByText("Labels: bug")).toBeInTheDocument();
    expect(screen.getByText("Labels: not ui")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.queryByRole("list", { name: "Active filters" })).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "All" })).toBeChecked();
    expect(store.getState().board.filterOrder).toEqual([]);
    expect(screen.getByRole("searchbox", { name: "Search issues" })).toHaveValue("login");
    await waitFor(() => expect(router.state.location.search).toBe("?search=login"));
    await user.click(screen.getByRole("radio", { name: "Any" }));
    await waitFor(() => expect(search(router).get("filterLogic")).toBe("any"));
  });

  it("applies a saved view from the menu and names it in the link", async () => {
    const user = userEvent.setup();
    const graphql = answers({
      boardSavedViews: () => ({ data: { workspace: { id: "w1", savedViews: { nodes: [bugView] } } } }),
    });
    const { router } = renderBar(graphql);
    await user.click(screen.getByRole("button", { name: "Saved views" }));
    await user.click(await screen.findByRole("menuitem", { name: "Bugs" }));
    expect(screen.getByText("Labels: bug")).toBeInTheDocument();
    expect(store.getState().board.activeSavedViewId).toBe("view-1");
    await waitFor(() => expect(search(router).get("view")).toBe("view-1"));
    await waitFor(() => expect(search(router).getAll("labels")).toEqual(["bug"]));
  });

  it("opens ?view=<id> with the view's filters once views load", async () => {
    const graphql = answers({
      boardSavedViews: () => ({ data: { workspace: { id: "w1", savedViews: { nodes: [bugView] } } } }),
    });
    const { router } = renderBar(graphql, "/workspaces/w1/board?view=view-1");
    expect(await screen.findByText("Labels: bug")).toBeInTheDocument();
    await waitFor(() => expect(search(router).get("view")).toBe("view-1"));
    await waitFor(() => expect(search(router).getAll("labels")).toEqual(["bug"]));
  });

  it("saves the current filters as a view, asking for a name first", async () => {
    const user = userEvent.setup();
    const created = { ...bugView, id: "view-2", name: "Mine", isShared: true };
    const graphql = answers({ createSavedView: () => ({ data: { createSavedView: { savedView: created } } }) });
    const { calls, router } = renderBar(graphql, "/workspaces/w1/board?labels=bug");
    await user.click(screen.getByRole("button", { name: "Saved views" }));
    await user.click(await screen.findByRole("menuitem", { name: "Save current filters as a view…" }));
    const dialog = await screen.findByRole("dialog", { name: "Save current filters as a view" });
    await user.click(within(dialog).getByRole("button", { name: "Save view" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Give the saved view a name.");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "  Mine ");
    await user.click(within(dialog).getByRole("checkbox", { name: "Share with everyone in the workspace" }));
    await user.click(within(dialog).getByRole("button", { name: "Save view" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const create = calls.find((call) => call.operation === "createSavedView");
    expect(create?.variables.input).toEqual({
      workspaceId: "w1",
      name: "Mine",
      isShared: true,
      filters: { filters: { ...emptyFilters(), labels: { in: ["bug"], nin: [] } }, filterLogic: "all" },
    });
    await waitFor(() => expect(search(router).get("view")).toBe("view-2"));
  });

  it("counts what the filters and search keep in each pipeline, and the board's own counts once cleared", async () => {
    const user = userEvent.setup();
    const counts = (issuesCount: number) => ({ issuesCount, pullRequestsCount: 0, totalStoryPoints: 0 });
    const graphql = answers({
      boardPipelines: () => ({
        data: {
          workspace: {
            id: "w1",
            name: "Launch",
            viewerPermission: "WRITE",
            pipelines: [{ id: "p1", name: "New Issues", description: null, issueCounts: counts(5) }],
          },
        },
      }),
      boardFilteredCounts: () => ({
        data: { workspace: { id: "w1", pipelines: [{ id: "p1", issueCounts: counts(2) }] } },
      }),
    });
    const { calls } = renderBar(graphql, "/workspaces/w1/board?labels=bug&search=login");
    await waitFor(() => expect(store.getState().board.pipelineCounts.p1).toEqual(counts(2)));
    expect(calls.find((call) => call.operation === "boardFilteredCounts")?.variables).toMatchObject({
      query: "login",
      filters: { matchType: "all", labels: { in: ["bug"] } },
    });
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    await waitFor(() => expect(store.getState().board.pipelineCounts.p1).toEqual(counts(5)));
  });

  it("reads the pipelines read so far again, from their first page, when the filters change", async () => {
    const user = userEvent.setup();
    renderBar();
    act(() => {
      store.dispatch(pageLoaded({ pipelineId: "p1", issues: [], hasNextPage: false, endCursor: null }));
    });
    await user.click(screen.getByRole("radio", { name: "Any" }));
    // Once the board has painted its loaded cards under the new filters.
    await waitFor(() => expect(store.getState().boardIssues.pages.p1).toBeUndefined());
    expect(store.getState().board.pendingPipelineReloads).toEqual(["p1"]);
  });

  it("shows the bucket a link narrows the board to, how much of it is done, and leads back to the whole board", async () => {
    const user = userEvent.setup();
    const sprint = {
      id: "U3ByaW50OjE=",
      kind: "SPRINT",
      name: "Sprint 14",
      startAt: "2026-11-09T00:00:00Z",
      endAt: "2026-11-22T00:00:00Z",
      issueCountProgress: { closed: 3, total: 8 },
      issueEstimateProgress: { closed: 5, total: 13 },
    };
    const { router } = renderBar(
      answers({
        boardIssueBucket: (call) => ({
          data: { workspace: { id: "w1", issueBucket: call.variables.id === sprint.id ? sprint : null } },
        }),
        boardFilteredCounts: () => ({ data: { workspace: { id: "w1", pipelines: [] } } }),
      }),
      `/workspaces/w1/board?issuesBucketId=${encodeURIComponent(sprint.id)}`,
    );
    const banner = await screen.findByRole("region", { name: "Bucket view" });
    expect(await within(banner).findByText("Sprint 14")).toBeInTheDocument();
    expect(within(banner).getByText("Sprint")).toBeInTheDocument();
    expect(within(banner).getByText("3 of 8 issues closed · 5 of 13 points done")).toBeInTheDocument();
    expect(within(banner).getByRole("progressbar", { name: "38% of issues closed" })).toBeInTheDocument();
    await user.click(within(banner).getByRole("button", { name: "Show the whole board" }));
    expect(screen.queryByRole("region", { name: "Bucket view" })).toBeNull();
    expect(store.getState().board.filters.issuesBucketIds.ids).toEqual([]);
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});
