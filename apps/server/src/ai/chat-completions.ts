import type { AiEndpointConfig } from "../config/config.js";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export type AiFailureKind = "TIMEOUT" | "RATE_LIMITED" | "REFUSED_CREDENTIALS" | "FAILED" | "UNREACHABLE";

/** Why the model gave no (complete) answer, in words a person can act on. Never carries the API key. */
export class AiEndpointError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "AiEndpointError";
  }
}

const seconds = (ms: number) => {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? "" : "s"}`;
};

function httpFailure(response: Response): AiEndpointError {
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("retry-after"));
    const when = Number.isFinite(retryAfter) && retryAfter > 0 ? `in ${Math.ceil(retryAfter)} seconds` : "in a minute";
    return new AiEndpointError(
      "RATE_LIMITED",
      `The AI service is receiving too many requests (rate limit reached). Try again ${when}.`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    return new AiEndpointError(
      "REFUSED_CREDENTIALS",
      "The AI service refused Gantry's credentials. An administrator should check AI_API_KEY.",
    );
  }
  return new AiEndpointError("FAILED", `The AI service failed to answer (HTTP ${response.status}). Try again later.`);
}

/** The text of one streamed chunk: OpenAI-compatible servers send `choices[0].delta.content`. */
function chunkText(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new AiEndpointError("FAILED", "The AI service sent an answer Gantry could not read. Try again later.");
  }
  const chunk = parsed as {
    error?: { message?: string };
    choices?: { delta?: { content?: string | null }; message?: { content?: string | null } }[];
  };
  if (chunk.error) throw new AiEndpointError("FAILED", "The AI service stopped with an error. Try again later.");
  const choice = chunk.choices?.[0];
  return choice?.delta?.content ?? choice?.message?.content ?? "";
}

export interface StreamOptions {
  /** Aborted when the person stops waiting (the browser closed the stream): the request to the model stops too. */
  signal?: AbortSignal;
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint with `stream: true` and yields the answer's
 * text as it arrives (server-sent `data:` chunks up to `[DONE]`). The endpoint's timeout applies
 * to the start of the answer and again between two chunks, so a long answer that keeps coming is
 * not cut, but a stalled one is. Failures are AiEndpointErrors with a message for people.
 */
export async function* streamChatCompletion(
  endpoint: AiEndpointConfig,
  messages: ChatMessage[],
  options: StreamOptions = {},
): AsyncGenerator<string, void, undefined> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, endpoint.timeoutMs);
  };
  const stopWaiting = () => controller.abort();
  options.signal?.addEventListener("abort", stopWaiting, { once: true });
  const failure = (error: unknown): unknown => {
    if (error instanceof AiEndpointError) return error;
    if (timedOut)
      return new AiEndpointError(
        "TIMEOUT",
        `The AI service did not answer within ${seconds(endpoint.timeoutMs)}. Try again later.`,
      );
    if (options.signal?.aborted) return error;
    return new AiEndpointError("UNREACHABLE", "Gantry could not reach the AI service. Try again later.");
  };

  restartTimer();
  try {
    let response: Response;
    try {
      response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: endpoint.model, messages, stream: true, temperature: 0.2 }),
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw httpFailure(response);
    }
    if (!response.body) throw new AiEndpointError("FAILED", "The AI service sent an empty answer. Try again later.");

    // A server that ignores `stream` answers with one JSON document instead.
    if (!response.headers.get("content-type")?.includes("text/event-stream")) {
      const text = chunkText(await response.text().catch((error: unknown) => Promise.reject(failure(error))));
      if (text) yield text;
      return;
    }

    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    try {
      for (;;) {
        let read: ReadableStreamReadResult<string>;
        try {
          read = await reader.read();
        } catch (error) {
          throw failure(error);
        }
        if (read.done) return;
        restartTimer();
        buffered += read.value;
        const events = buffered.split(/\r?\n\r?\n/);
        buffered = events.pop() ?? "";
        for (const event of events) {
          for (const line of event.split(/\r?\n/)) {
            if (!line.startsWith("data:")) continue; // comments and other fields
            const data = line.slice(5).trim();
            if (data === "[DONE]") return;
            const text = chunkText(data);
            if (text) yield text;
          }
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stopWaiting);
  }
}
