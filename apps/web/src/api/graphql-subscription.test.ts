import { afterEach, describe, expect, it, vi } from "vitest";
import { GraphQLRequestError } from "./graphql";
import { runSubscription } from "./graphql-subscription";

function eventStream(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

const run = (onData: (data: unknown) => void, onOpen = () => undefined) =>
  runSubscription({
    query: "subscription { boardEvents(workspaceId: 1) { __typename } }",
    variables: {},
    token: "secret",
    signal: new AbortController().signal,
    onOpen,
    onData,
  });

describe("GraphQL subscriptions over server-sent events", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the session as a bearer token and hands over each result, however the stream is cut", async () => {
    const fetch = vi.fn(async () =>
      eventStream([
        ":\n\n",
        'event: next\ndata: {"data":{"n":1}}\n\nevent: ne',
        'xt\ndata: {"data":{"n":2}}\n\n',
        "event: complete\ndata:\n\n",
      ]),
    );
    vi.stubGlobal("fetch", fetch);
    const received: unknown[] = [];
    const onOpen = vi.fn();
    await run((data) => received.push(data), onOpen);
    expect(onOpen).toHaveBeenCalledOnce();
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(fetch).toHaveBeenCalledWith(
      "/graphql",
      expect.objectContaining({
        headers: expect.objectContaining({ accept: "text/event-stream", authorization: "Bearer secret" }),
      }),
    );
  });

  it("fails with the server's code when it refuses or sends an error", async () => {
    const refusal = {
      errors: [{ message: "You do not have permission to do this.", extensions: { code: "FORBIDDEN" } }],
    };
    vi.stubGlobal("fetch", async () => eventStream([`event: next\ndata: ${JSON.stringify(refusal)}\n\n`]));
    await expect(run(() => undefined)).rejects.toMatchObject({ code: "FORBIDDEN" });
    vi.stubGlobal("fetch", async () => Response.json(refusal));
    await expect(run(() => undefined)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("fails as a network error when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    const failure = run(() => undefined);
    await expect(failure).rejects.toBeInstanceOf(GraphQLRequestError);
    await expect(failure).rejects.toMatchObject({ code: "NETWORK_ERROR" });
  });
});
