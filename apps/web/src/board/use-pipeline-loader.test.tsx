import { act, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { Provider, useStore } from "react-redux";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { renderWithGraphQL } from "../test/render-with-graphql";
import type { BoardIssue } from "./board-issue";
import { pipelineReloadMarked } from "./board-slice";
import { type BoardRootState, type BoardStore, createBoardStore } from "./board-store";
import { usePipelineLoader } from "./use-pipeline-loader";

const card: BoardIssue = {
  id: "i1",
  number: 1,
  title: "Moved here",
  state: "OPEN",
  pullRequest: false,
  htmlUrl: "https://github.com/acme/web-app/issues/1",
  labels: [],
  assignees: [],
  user: null,
};

const page = (nodes: BoardIssue[]) => ({
  data: { searchIssuesByPipeline: { pageInfo: { hasNextPage: false, endCursor: null }, nodes } },
});

/** Asks for p1's first page whenever p1 has no paging (at first, and after each reload mark). */
function Loader() {
  const load = usePipelineLoader("w1");
  const store = useStore<BoardRootState>();
  useEffect(
    () =>
      store.subscribe(() => {
        if (!store.getState().boardIssues.pages.p1) void load("p1");
      }),
    [store, load],
  );
  useEffect(() => void load("p1"), [load]);
  return null;
}

let current: BoardStore;

describe("reading a pipeline's pages", () => {
  it("drops an answer a reload has overtaken, so it cannot put back what the reload replaced", async () => {
    current = createBoardStore(memoryStorage());
    let answerFirst: (answer: unknown) => void = () => undefined;
    const beforeTheMove = new Promise((resolve) => {
      answerFirst = resolve;
    });
    let asked = 0;
    renderWithGraphQL(
      <Provider store={current}>
        <Loader />
      </Provider>,
      {
        path: "/workspaces/w1/board",
        graphql: (call) => {
          if (call.operation !== "boardPipelineIssues") return { errors: [{ message: "unexpected" }] };
          asked += 1;
          // The first read was sent before the card moved here; the reload's read comes after.
          return asked === 1 ? beforeTheMove : page([card]);
        },
      },
    );
    await waitFor(() => expect(asked).toBe(1));
    act(() => {
      current.dispatch(pipelineReloadMarked("p1"));
    });
    await waitFor(() => expect(current.getState().boardIssues.pipelineIssueIds.p1).toEqual(["i1"]));
    await act(async () => {
      answerFirst(page([]));
      await beforeTheMove;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(current.getState().boardIssues.pipelineIssueIds.p1).toEqual(["i1"]);
    expect(asked).toBe(2);
  });
});
