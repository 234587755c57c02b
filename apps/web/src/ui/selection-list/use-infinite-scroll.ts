import { type UIEvent, useEffect, useRef } from "react";

/** SPEC §9: the next page loads once the end of the list is 200px away… */
export const INFINITE_SCROLL_TRIGGER_OFFSET_PX = -200;
/** …checked when scrolling has paused this long. */
export const INFINITE_SCROLL_DEBOUNCE_MS = 300;

/** A scroll handler that calls `onLoadMore` when scrolling pauses near the end of the element. */
export function useInfiniteScroll(onLoadMore: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (event: UIEvent<HTMLElement>) => {
    if (!onLoadMore) return;
    const element = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const distanceToEnd = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (distanceToEnd <= -INFINITE_SCROLL_TRIGGER_OFFSET_PX) onLoadMore();
    }, INFINITE_SCROLL_DEBOUNCE_MS);
  };
}
