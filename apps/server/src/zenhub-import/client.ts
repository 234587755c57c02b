import { OPERATIONS, type OperationName } from "./operations.js";
import { ProcessingBudget } from "./pacing.js";

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
  /** The window ZenHub's processing-time budget refills over: a minute, shorter in tests of pacing. */
  budgetWindowMs?: number;
}

export interface ZenhubClient {
  request<T>(operation: OperationName, variables?: Record<string, unknown>): Promise<T>;
  /** Requests sent so far, answered or not (the benchmark's requests-per-issue). */
  readonly sent: number;
  /** The most requests this client has had in flight at once. */
  readonly peakInFlight: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * ZenHub's public GraphQL API with a personal API key: at most 30 requests in flight, each sent only
 * when the processing-time budget ZenHub reports covers it (pacing.ts), 429s waited out as
 * Retry-After says, server errors and dropped connections retried with backoff.
 */
export function createZenhubClient(options: ZenhubClientOptions): ZenhubClient {
  const sleep = options.sleep ?? wait;
  const send = options.fetch ?? fetch;
  const budget = new ProcessingBudget(options.budgetWindowMs);
  let inFlight = 0;
  /** Sent and not yet answered: their cost is not in the budget's last reading yet. */
  let unanswered = 0;
  let sent = 0;
  let peakInFlight = 0;
  /** Pacing decisions are taken one at a time, so requests waiting together do not all go at once. */
  let paced: Promise<void> = Promise.resolve();
  /** Resolves when the next answer (or failure to get one) comes in. */
  let answered = () => {};
  const answer = () =>
    new Promise<void>((resolve) => {
      answered = resolve;
    });
  let nextAnswer = answer();
  const pace = () => {
    const turn = paced.then(async () => {
      // Until answers say what the budget is and what a request costs, one request at a time: 30 at
      // once could overspend it.
      while (budget.learning && unanswered > 0) await nextAnswer;
      // One wait for the refill the budget asks for; if ZenHub still finds it short, its 429 says how long.
      const delay = budget.delayBefore(unanswered);
      if (delay > 0) await sleep(delay);
      unanswered++;
    });
    paced = turn.catch(() => undefined);
    return turn;
  };
  const queue: (() => void)[] = [];
  // A freed slot passes straight to the next waiter, so a request arriving meanwhile cannot take it too.
  const acquire = async () => {
    if (inFlight >= MAX_CONCURRENT_REQUESTS) await new Promise<void>((resolve) => queue.push(resolve));
    else inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };

  async function attempt(operation: OperationName, variables: Record<string, unknown>): Promise<Response | null> {
    await pace();
    sent++;
    try {
      const response = await send(options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ query: OPERATIONS[operation], variables, operationName: operation }),
        signal: AbortSignal.timeout(60_000),
      });
      budget.observe(response.headers);
      return response;
    } catch {
      return null;
    } finally {
      unanswered--;
      const resolve = answered;
      nextAnswer = answer();
      resolve();
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
          budget.spentFor(delay * 1000);
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
    get peakInFlight() {
      return peakInFlight;
    },
  };
}

export interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
  totalCount?: number;
}
