export type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)` at once when the value is already there, after it otherwise. A board page's 400
 * cards resolve a dozen fields each from data the page's statement primed; answering those
 * without a promise each keeps GraphQL execution on its synchronous path (B1, issue #14).
 */
export function whenReady<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
