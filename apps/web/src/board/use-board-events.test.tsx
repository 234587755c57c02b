import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reconnectDelay } from "../api/graphql-subscription";
import { memoryStorage } from "../test/memory-storage";
import { boardPipelinesKey } from "./api";
import type { BoardIssue } from "./board-issue";
import { pageLoaded } from "./board-issues-slice";
import { createBoardStore } from "./board-store";
import { useBoardEvents } from "./use-board-events";

const markUnauthorised = vi.fn();
vi.mock("../accounts/auth-context", () => ({
  useAuth: () => ({ state: { status: "signed-in", token: "secret" }, markUnauthorised }),
}));

const issue = (id: string): BoardIssue => ({
  id,
  number: Number(id.slice(1)),
  title: `Issue ${id}`,
  state: "OPEN",
  pullRequest: false,
  htmlUrl: `https://github.com/acme/web-app/issues/${id.slice(1)}`,
  labels: [],
  assignees: [],
  user: null,
});

/** Each call to /graphql gets the next of these answers; a stream stays open until the test ends it. */
function serverAnswers() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const answers: (() => Response)[] = [];
  const fetch = vi.fn(async () => {
    const answer = answers.shift();
    if (answer) return answer();
    return new Response(new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) }), {
      headers: { "content-type": "text/event-stream" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  const send = (stream: number, data: unknown) =>
    streams[stream]?.enqueue(new TextEncoder().encode(`event: next\ndata: ${JSON.stringify({ data })}\n\n`));
  return { fetch, streams, answers, send };
}

function renderBoardEvents() {
  const store = createBoardStore(memoryStorage());
  store.dispatch(
    pageLoaded({ pipelineId: "p1", issues: [issue("i1"), issue("i2")], endCursor: null, hasNextPage: false }),
  );
  store.dispatch(pageLoaded({ pipelineId: "p2", issues: [], endCursor: null, hasNextPage: false }));
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
  const hook = renderHook(() => useBoardEvents("w1"), { wrapper });
  return { store, invalidated, hook };
}

describe("live board updates", () => {
  beforeEach(() => markUnauthorised.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it("applies another member's move to the cards, then reads the counts again once", async () => {
    const server = serverAnswers();
    const { store, invalidated, hook } = renderBoardEvents();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.fetch).toHaveBeenCalledWith(
      "/graphql",
      expect.objectContaining({ headers: expect.objectContaining({ authorization: "Bearer secret" }) }),
    );
    const move = (id: string) => ({
      boardEvents: {
        __typename: "IssuesMovedEvent",
        clientMutationId: null,
        placements: [{ issueId: id, pipelineId: "p2", position: 0, issue: issue(id) }],
      },
    });
    server.send(0, move("i1"));
    server.send(0, move("i2"));
    await waitFor(() => expect(store.getState().boardIssues.pipelineIssueIds).toEqual({ p1: [], p2: ["i2", "i1"] }));
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: boardPipelinesKey("w1") }));
    expect(invalidated).toHaveBeenCalledTimes(1);
    hook.unmount();
  });

  it("reconnects after the stream drops and reads every pipeline again, since events may be lost", async () => {
    const server = serverAnswers();
    const { store, hook } = renderBoardEvents();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(store.getState().boardIssues.pages.p1).toBeDefined();
    server.streams[0]?.close();
    await waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 3000 });
    expect(store.getState().boardIssues.pages).toEqual({});
    expect(store.getState().board.pendingPipelineReloads).toEqual(["p1", "p2"]);
    hook.unmount();
  });

  it("does not retry a refusal, and a signed-out answer marks the session unauthorised", async () => {
    const server = serverAnswers();
    const refusal = {
      errors: [{ message: "You must be signed in to do this.", extensions: { code: "UNAUTHENTICATED" } }],
    };
    server.answers.push(() => Response.json(refusal));
    const { hook } = renderBoardEvents();
    await waitFor(() => expect(markUnauthorised).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.fetch).toHaveBeenCalledOnce();
    hook.unmount();
  });

  it("waits longer after each failed attempt, up to half a minute, with jitter", () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(8000);
    expect(reconnectDelay(10, () => 0.5)).toBe(30_000);
    expect(reconnectDelay(0, () => 0)).toBe(750);
    expect(reconnectDelay(0, () => 1)).toBe(1250);
  });
});
