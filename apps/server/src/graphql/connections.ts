import { type DefaultConnectionArguments, resolveArrayConnection } from "@pothos/plugin-relay";

/** A Relay connection over a list already in memory, with the reference schema's totalCount. */
export function arrayConnection<T>(args: DefaultConnectionArguments, items: T[]) {
  return { ...resolveArrayConnection({ args }, items), totalCount: items.length };
}
