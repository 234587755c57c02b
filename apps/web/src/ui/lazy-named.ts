import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A named export read from its own chunk the first time it renders (React.lazy takes only default
 * exports). For what a board's first paint does not need (dialogs, bulk actions, saved views, the
 * issue viewer, the command palette): it stays out of the entry chunk (benchmark B3, decision 0072).
 * Render it under a <Suspense>; `preload` starts reading the chunk before it is needed.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> & { preload: () => void } {
  const component = lazy(async () => ({ default: (await load())[name] }));
  return Object.assign(component, { preload: () => void load().catch(() => undefined) });
}
