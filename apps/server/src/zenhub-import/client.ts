import { OPERATIONS, type OperationName } from "./operations.js";

/** ZenHub's documented ceiling on concurrent requests per key. */
export const MAX_CONCURRENT_REQUESTS = 30;
/** A 429 without Retry-After waits this long; a longer Retry-After is obeyed up to the cap. */
const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RETRY_AFTER_S = 120;
const MAX_ATTEMPTS = 6;

export const KEY_REFUSED = "ZenHub did not accept this API key";

/** Why a ZenHub call failed, in words for the person importing (never carrying the key). */
export class ZenhubError extends Error {
  constructor(
    message: string,
    /** A refused key or unreadable workspace: trying again cannot help. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "ZenhubError";
  }
}

export interface ZenhubClientOptions {
  endpoint: string;
  apiKey: string;
  /** Waits; tests shorten Retry-After waits through it. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export interface ZenhubClient {
  request<T>(operation: OperationName, variables?: Record<string, unknown>): Promise<T>;
  /** Requests sent so far, answered or not (the benchmark's requests-per-issue). */
  readonly sent: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * ZenHub's public GraphQL API with a personal API key: at most 30 requests in flight, 429s waited
 * out as Retry-After says, server errors and dropped connections retried with backoff.
 */
export function createZenhubClient(options: ZenhubClientOptions): ZenhubClient {
  const sleep = options.sleep ?? wait;
  const send = options.fetch ?? fetch;
  let inFlight = 0;
  let sent = 0;
  const queue: (() => void)[] = [];
  const acquire = async () => {
    if (inFlight >= MAX_CONCURRENT_REQUESTS) await new Promise<void>((resolve) => queue.push(resolve));
    inFlight++;
  };
  const release = () => {
    inFlight--;
    queue.shift()?.();
  };

  async function attempt(operation: OperationName, variables: Record<string, unknown>): Promise<Response | null> {
    sent++;
    try {
      return await send(options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ query: OPERATIONS[operation], variables, operationName: operation }),
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      return null;
    }
  }

  async function request<T>(operation: OperationName, variables: Record<string, unknown> = {}): Promise<T> {
    await acquire();
    try {
      for (let tries = 1; ; tries++) {
        const response = await attempt(operation, variables);
        if (response?.status === 401 || response?.status === 403) throw new ZenhubError(KEY_REFUSED, true);
        const last = tries >= MAX_ATTEMPTS;
        if (response?.status === 429 && !last) {
          const seconds = Number(response.headers.get("retry-after"));
          const delay =
            Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_AFTER_S) : DEFAULT_RETRY_AFTER_S;
          await sleep(delay * 1000);
          continue;
        }
        if ((response === null || response.status >= 500) && !last) {
          await sleep(500 * 2 ** tries);
          continue;
        }
        if (!response) throw new ZenhubError("ZenHub could not be reached.", false);
        if (!response.ok) throw new ZenhubError(`ZenHub answered ${response.status} to ${operation}.`, false);
        const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
        if (body.errors?.length || !body.data) {
          const reason = body.errors?.map((error) => error.message).join("; ") ?? "no data";
          throw new ZenhubError(`ZenHub refused ${operation}: ${reason}`, false);
        }
        return body.data;
      }
    } finally {
      release();
    }
  }

  return {
    request,
    get sent() {
      return sent;
    },
  };
}

export interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
  totalCount?: number;
}
