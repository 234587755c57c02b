import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { viewedIssueKey } from "./issue-api";
import type { IssueTarget } from "./issue-routes";
import { useIssueEvents } from "./use-issue-events";

vi.mock("../accounts/auth-context", () => ({
  useAuth: () => ({ state: { status: "signed-in", token: "secret" }, markUnauthorised: vi.fn() }),
}));

/** Every /graphql call opens an event stream that stays open until the test ends it. */
function eventStreams() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) }), {
        headers: { "content-type": "text/event-stream" },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  const send = (stream: number, data: unknown) =>
    streams[stream]?.enqueue(new TextEncoder().encode(`event: next\ndata: ${JSON.stringify({ data })}\n\n`));
  return { fetch, streams, send };
}

const target: IssueTarget = { workspaceId: "w1", repository: { owner: "acme", name: "web-app" }, issueNumber: 7 };
const issue = { id: "i7", repositoryId: "repo-1", number: 7 };
const changed = (...issueIds: string[]) => ({
  boardEvents: { __typename: "IssuesChangedEvent", placements: issueIds.map((issueId) => ({ issueId })) },
});

function renderEvents(where: IssueTarget) {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useIssueEvents(where, issue), { wrapper });
  const keys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, keys };
}

describe("an open issue kept live", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the issue, its activity, sprints and votes again when an event names it, and not for others", async () => {
    const server = eventStreams();
    const { hook, keys } = renderEvents(target);
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(JSON.parse(String(server.fetch.mock.calls[0]?.[1]?.body)).variables).toEqual({ workspaceId: "w1" });

    server.send(0, changed("i3"));
    server.send(0, changed("i7", "i3"));
    await waitFor(() => expect(keys()).toHaveLength(4));
    expect(keys()).toEqual([
      viewedIssueKey(target),
      ["issue-activity", "i7"],
      ["issue-sprints", "i7"],
      ["estimation-votes", "w1", "repo-1", 7],
    ]);
    hook.unmount();
  });

  it("listens to nothing for an issue opened outside any workspace", () => {
    const server = eventStreams();
    const { hook } = renderEvents({
      workspaceId: null,
      repository: { owner: "acme", name: "web-app" },
      issueNumber: 7,
    });
    // Effects have run once renderHook returns: a subscription would have been opened by now.
    expect(server.fetch).not.toHaveBeenCalled();
    hook.unmount();
  });
});
