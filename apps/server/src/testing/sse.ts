import type { AddressInfo } from "node:net";
import type { TestApp } from "./app.js";
import type { GraphQLAnswer } from "./factories.js";

export interface SubscriptionStream {
  /** The next result the server sent; fails after `timeoutMs` or when the stream ends first. */
  next(timeoutMs?: number): Promise<GraphQLAnswer>;
  close(): void;
}

/**
 * Reads a GraphQL subscription's server-sent events as they come, in chunks of text: each call
 * answers the results of the `next` events its chunk completed, parsed, in order.
 */
export function nextEventParser(): (chunk: string) => unknown[] {
  let buffered = "";
  return (chunk) => {
    buffered += chunk;
    const messages = buffered.split("\n\n");
    buffered = messages.pop() ?? "";
    return messages
      .map((message) => message.split("\n"))
      .filter((lines) => lines.includes("event: next"))
      .map((lines) =>
        JSON.parse(
          lines
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trim())
            .join("\n"),
        ),
      );
  };
}

/**
 * A GraphQL subscription over server-sent events, the way the web app opens one: a POST to
 * /graphql asking for text/event-stream, with the session as a bearer token.
 */
export async function subscribe(
  t: TestApp,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<SubscriptionStream> {
  const { port } = t.app.server.address() as AddressInfo;
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: {
      accept: "text/event-stream",
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  if (!response.body) throw new Error(`no event stream (HTTP ${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = nextEventParser();
  const results: GraphQLAnswer[] = [];

  async function read(): Promise<GraphQLAnswer> {
    for (;;) {
      const result = results.shift();
      if (result) return result;
      const { done, value } = await reader.read();
      if (done) throw new Error("the event stream ended");
      results.push(...(parse(value) as GraphQLAnswer[]));
    }
  }

  return {
    next: (timeoutMs = 5000) =>
      Promise.race([
        read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no subscription result within ${timeoutMs}ms`)), timeoutMs).unref(),
        ),
      ]),
    close: () => abort.abort(),
  };
}
