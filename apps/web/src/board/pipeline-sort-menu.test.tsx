import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider } from "react-redux";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import type { BoardPipeline } from "./api";
import { pageLoaded } from "./board-issues-slice";
import { createBoardStore } from "./board-store";
import { PipelineSortMenu, PipelineSortMessage } from "./PipelineSortMenu";

const pipeline = (id: string, name: string): BoardPipeline => ({
  id,
  name,
  description: null,
  issueCounts: { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 },
});

function renderSortMenu(storage = memoryStorage(), shown = pipeline("p1", "Backlog")) {
  const store = createBoardStore(storage);
  store.dispatch(pageLoaded({ pipelineId: shown.id, issues: [], endCursor: null, hasNextPage: false }));
  render(
    <Provider store={store}>
      <PipelineSortMenu pipeline={shown} />
      <PipelineSortMessage pipelineId={shown.id} />
    </Provider>,
  );
  return { store, storage };
}

const SORT_NAMES = [
  "Manual (board order)",
  "Newest",
  "Oldest",
  "Time in pipeline: oldest first",
  "Time in pipeline: newest first",
  "Title A–Z",
  "Title Z–A",
  "Assignee",
  "Estimate: high to low",
  "Estimate: low to high",
  "Sprint",
  "Priority: highest first",
];

describe("PipelineSortMenu", () => {
  it("lists the eleven §9 sort types and Gantry's priority sort, the current one checked", async () => {
    const user = userEvent.setup();
    renderSortMenu();
    await user.click(screen.getByRole("button", { name: "Sort Backlog: Manual (board order)" }));
    const items = screen.getAllByRole("menuitemradio");
    expect(items.map((item) => item.textContent)).toEqual(SORT_NAMES);
    expect(screen.getByRole("menuitemradio", { name: "Manual (board order)" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("menuitemradio", { name: "Newest" })).toHaveAttribute("aria-checked", "false");
  });

  it("sorts the pipeline, says so under the header, keeps it under zhPipelines_ and reads the pipeline again", async () => {
    const user = userEvent.setup();
    const { store, storage } = renderSortMenu();
    await user.click(screen.getByRole("button", { name: /^Sort Backlog/ }));
    await user.click(screen.getByRole("menuitemradio", { name: "Title A–Z" }));

    expect(screen.getByText("Sorted by title A–Z · reordering is off while sorted")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sort Backlog: Title A–Z" })).toBeInTheDocument();
    expect(JSON.parse(storage.getItem("zhPipelines_p1") ?? "null")).toEqual({ sortType: "TITLE_AZ" });
    expect(store.getState().board.sortedPipelines).toEqual({ p1: "TITLE_AZ" });
    expect(store.getState().board.pendingPipelineReloads).toEqual(["p1"]);

    await user.click(screen.getByRole("button", { name: /^Sort Backlog/ }));
    expect(screen.getByRole("menuitemradio", { name: "Title A–Z" })).toHaveAttribute("aria-checked", "true");
  });

  it("removes the sort, its message and its stored entry when Manual is chosen", async () => {
    const user = userEvent.setup();
    const { store, storage } = renderSortMenu(
      memoryStorage({ zhPipelines_p1: JSON.stringify({ sortType: "NEWEST" }) }),
    );
    expect(screen.getByText("Sorted by newest · reordering is off while sorted")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sort Backlog: Newest" }));
    await user.click(screen.getByRole("menuitemradio", { name: "Manual (board order)" }));

    expect(screen.queryByText(/Sorted by/)).not.toBeInTheDocument();
    expect(storage.getItem("zhPipelines_p1")).toBeNull();
    expect(store.getState().board.sortedPipelines).toEqual({});
    expect(store.getState().board.sortedPipelinesEventMessage).toEqual({});
  });

  it("opens the board with the stored sorts, taking anything unreadable as manual", () => {
    const { store } = renderSortMenu(
      memoryStorage({
        zhPipelines_p1: JSON.stringify({ sortType: "ESTIMATE_HIGH_LOW" }),
        zhPipelines_p2: "not json",
        zhPipelines_p3: JSON.stringify({ sortType: "BIGGEST_FIRST" }),
        zhPipelines_p4: JSON.stringify("TITLE_AZ"),
        showClosed: "true",
      }),
    );
    expect(store.getState().board.sortedPipelines).toEqual({ p1: "ESTIMATE_HIGH_LOW" });
    expect(screen.getByText("Sorted by estimate: high to low · reordering is off while sorted")).toBeInTheDocument();
  });

  it("offers no sort on the Closed pipeline, which keeps its own order", () => {
    renderSortMenu(memoryStorage(), pipeline(CLOSED_PIPELINE_ID, "Closed"));
    expect(screen.queryByRole("button", { name: /^Sort Closed/ })).not.toBeInTheDocument();
  });
});
