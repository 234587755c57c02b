import { combine } from "@atlaskit/pragmatic-drag-and-drop/combine";
import { draggable, dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import {
  attachClosestEdge,
  type Edge,
  extractClosestEdge,
} from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge";
import { type RefObject, useEffect, useState } from "react";
import { isPipelineHeaderData, PIPELINE_EDGES, type PipelineHeaderDragData } from "./drag-data";

/**
 * Where a pipeline dropped on the `edge` half of another's header lands: its new index among the
 * open pipelines (`ids`, in board order), or null when it would stay where it is.
 */
export function reorderPosition(
  ids: readonly string[],
  draggedId: string,
  targetId: string,
  edge: Edge | null,
): number | null {
  const others = ids.filter((id) => id !== draggedId);
  const at = others.indexOf(targetId);
  if (at < 0 || !ids.includes(draggedId)) return null;
  const position = edge === "right" ? at + 1 : at;
  return position === ids.indexOf(draggedId) ? null : position;
}

/**
 * Makes an open pipeline's header draggable by admins, and a place to drop another pipeline's
 * header, on its left or right half. `enabled` is false while the header shows a form.
 */
export function usePipelineHeaderDrag(ref: RefObject<HTMLElement | null>, pipelineId: string, enabled: boolean) {
  const [closestEdge, setClosestEdge] = useState<Edge | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const data: PipelineHeaderDragData = { kind: "pipeline-header", pipelineId };
    return combine(
      draggable({
        element,
        getInitialData: () => data,
        onDragStart: () => setIsDragging(true),
        onDrop: () => setIsDragging(false),
      }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isPipelineHeaderData(source.data) && source.data.pipelineId !== pipelineId,
        getData: ({ input }) => attachClosestEdge(data, { input, element, allowedEdges: PIPELINE_EDGES }),
        onDrag: ({ self }) => setClosestEdge(extractClosestEdge(self.data)),
        onDragLeave: () => setClosestEdge(null),
        onDrop: () => setClosestEdge(null),
      }),
    );
  }, [ref, pipelineId, enabled]);

  return { closestEdge, isDragging };
}
