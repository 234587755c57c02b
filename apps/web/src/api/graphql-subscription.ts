import { GraphQLRequestError } from "./graphql";

interface SubscriptionResult<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface SubscriptionOptions<Data> {
  query: string;
  variables: Record<string, unknown>;
  token: string | null;
  signal: AbortSignal;
  /** The server accepted the subscription; events from now on will arrive. */
  onOpen(): void;
  onData(data: Data): void;
}

function requestError<Data>(result: SubscriptionResult<Data>): GraphQLRequestError | null {
  const [error] = result.errors ?? [];
  if (!error) return null;
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === "string" ? extensions.code : "INTERNAL_SERVER_ERROR";
  return new GraphQLRequestError(error.message, code, extensions);
}

/**
 * Runs one GraphQL subscription over server-sent events (GraphQL Yoga's distinct-connection
 * mode), as a fetch stream rather than EventSource because the session travels as a bearer
 * header. Resolves when the server ends the stream; rejects with a GraphQLRequestError when the
 * server refuses or sends an error, or NETWORK_ERROR when the connection fails.
 */
export async function runSubscription<Data>(options: SubscriptionOptions<Data>): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      headers: {
        accept: "text/event-stream",
        "content-type": "application/json",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ query: options.query, variables: options.variables }),
      signal: options.signal,
    });
  } catch {
    throw new GraphQLRequestError("Could not reach the server for live updates.", "NETWORK_ERROR", {});
  }
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const refused = requestError((await response.json().catch(() => ({}))) as SubscriptionResult<Data>);
    throw refused ?? new GraphQLRequestError("The server did not open a live update stream.", "NETWORK_ERROR", {});
  }
  options.onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffered += value;
      const messages = buffered.split("\n\n");
      buffered = messages.pop() ?? "";
      for (const message of messages) {
        const lines = message.split("\n");
        if (lines.includes("event: complete")) return;
        if (!lines.includes("event: next")) continue; // keep-alive comments
        const data = lines
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim())
          .join("\n");
        const result = JSON.parse(data) as SubscriptionResult<Data>;
        const error = requestError(result);
        if (error) throw error;
        if (result.data) options.onData(result.data);
      }
    }
  } catch (error) {
    if (error instanceof GraphQLRequestError) throw error;
    throw new GraphQLRequestError("The live update stream was interrupted.", "NETWORK_ERROR", {});
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Reconnection waits 1s, 2s, 4s… up to 30s, with jitter so a restarted server is not hit at once. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + random() * 0.5);
}

export interface LiveSubscriptionOptions<Data> {
  query: string;
  variables: Record<string, unknown>;
  token: string | null;
  /** The stream is open; `reconnected` after a lost connection, when events may have been missed. */
  onOpen(reconnected: boolean): void;
  onData(data: Data): void;
  /** The server no longer accepts the session. */
  onUnauthorised(): void;
}

/**
 * Keeps a subscription open: after a lost connection or a server fault it reconnects with
 * backoff; a refusal (signed out, no access) ends it, since it would be refused again. Returns
 * what stops it.
 */
export function keepSubscribed<Data>(options: LiveSubscriptionOptions<Data>): () => void {
  const abort = new AbortController();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const connect = async (attempt: number, reconnecting: boolean) => {
    let opened = false;
    try {
      await runSubscription<Data>({
        query: options.query,
        variables: options.variables,
        token: options.token,
        signal: abort.signal,
        onOpen: () => {
          opened = true;
          options.onOpen(reconnecting);
        },
        onData: options.onData,
      });
    } catch (error) {
      const code = error instanceof GraphQLRequestError ? error.code : "NETWORK_ERROR";
      if (code === "UNAUTHENTICATED") options.onUnauthorised();
      if (code !== "NETWORK_ERROR" && code !== "INTERNAL_SERVER_ERROR") return;
    }
    if (abort.signal.aborted) return;
    const next = opened ? 0 : attempt + 1;
    retryTimer = setTimeout(() => void connect(next, true), reconnectDelay(next));
  };
  void connect(0, false);
  return () => {
    abort.abort();
    clearTimeout(retryTimer);
  };
}
