import { type RefObject, useLayoutEffect, useState } from "react";

/** The narrowest a lane of cards may be, by card size. */
export const LANE_MIN_WIDTH = { normal: 280, condensed: 220 };

/**
 * How many lanes of cards a pipeline lays out (multi-column pipelines, decision 0010): as many
 * as fit its width at `minWidth` each, or one when the setting is off. Follows the pipeline's
 * width as the window or the board changes.
 */
export function usePipelineLanes(box: RefObject<HTMLElement | null>, enabled: boolean, minWidth: number): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !enabled) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, enabled]);
  return enabled ? Math.max(1, Math.floor(width / minWidth)) : 1;
}
