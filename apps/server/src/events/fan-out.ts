import type { BoardEvent } from "./board-events.js";

/** Events a subscriber may fall behind by before its stream is ended (it reconnects and reloads). */
export const MAX_BEHIND = 1000;

export class SubscriberTooSlowError extends Error {
  constructor() {
    super(`The subscriber fell more than ${MAX_BEHIND} board events behind.`);
    this.name = "SubscriberTooSlowError";
  }
}

/**
 * One subscriber's stream. It listens from the moment it is made, not from its first read,
 * so nothing published between subscribing and reading is lost.
 */
class Subscription implements AsyncIterableIterator<BoardEvent> {
  readonly #queue: BoardEvent[] = [];
  #reader: { resolve: (result: IteratorResult<BoardEvent>) => void; reject: (error: Error) => void } | null = null;
  #ended: { error: Error | null } | null = null;

  constructor(private readonly onEnd: () => void) {}

  push(event: BoardEvent): void {
    if (this.#ended) return;
    if (this.#reader) {
      this.#reader.resolve({ done: false, value: event });
      this.#reader = null;
    } else if (this.#queue.length >= MAX_BEHIND) this.end(new SubscriberTooSlowError());
    else this.#queue.push(event);
  }

  /** Stops listening; the reader gets what was queued, then the end (or the error). */
  end(error: Error | null = null): void {
    if (this.#ended) return;
    this.#ended = { error };
    if (error) this.#queue.length = 0;
    this.onEnd();
    if (this.#reader) {
      if (error) this.#reader.reject(error);
      else this.#reader.resolve({ done: true, value: undefined });
      this.#reader = null;
    }
  }

  next(): Promise<IteratorResult<BoardEvent>> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve({ done: false, value: queued });
    if (this.#ended) {
      const { error } = this.#ended;
      this.#ended = { error: null };
      return error ? Promise.reject(error) : Promise.resolve({ done: true, value: undefined });
    }
    return new Promise((resolve, reject) => {
      this.#reader = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<BoardEvent>> {
    this.#queue.length = 0;
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<BoardEvent> {
    return this;
  }
}

/** Hands each event to this instance's subscribers of its workspace. */
export class LocalFanOut {
  readonly #subscribers = new Map<string, Set<Subscription>>();

  deliver(event: BoardEvent): void {
    for (const subscription of this.#subscribers.get(event.workspaceId) ?? []) subscription.push(event);
  }

  subscribe(workspaceId: string): AsyncIterableIterator<BoardEvent> {
    const subscribers = this.#subscribers.get(workspaceId) ?? new Set();
    this.#subscribers.set(workspaceId, subscribers);
    const subscription = new Subscription(() => {
      subscribers.delete(subscription);
      if (subscribers.size === 0 && this.#subscribers.get(workspaceId) === subscribers)
        this.#subscribers.delete(workspaceId);
    });
    subscribers.add(subscription);
    return subscription;
  }

  /** Ends every open subscription. */
  close(): void {
    for (const subscribers of [...this.#subscribers.values()])
      for (const subscription of [...subscribers]) subscription.end();
  }
}
