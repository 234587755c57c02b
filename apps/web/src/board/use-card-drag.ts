import { combine } from "@atlaskit/pragmatic-drag-and-drop/combine";
import { draggable, dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import {
  attachClosestEdge,
  type Edge,
  extractClosestEdge,
} from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge";
import { type RefObject, useEffect, useState } from "react";
import { CARD_EDGES, type CardDragData, isCardData } from "./drag-data";

/** Makes a card draggable (when the viewer may move it) and a drop target with a top and bottom edge. */
export function useCardDrag(ref: RefObject<HTMLElement | null>, card: CardDragData, canMove: boolean) {
  const [closestEdge, setClosestEdge] = useState<Edge | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const { issueId, pipelineId } = card;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const data: CardDragData = { kind: "card", issueId, pipelineId };
    return combine(
      draggable({
        element,
        canDrag: () => canMove,
        getInitialData: () => data,
        onDragStart: () => setIsDragging(true),
        onDrop: () => setIsDragging(false),
      }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isCardData(source.data) && source.data.issueId !== issueId,
        getData: ({ input }) => attachClosestEdge(data, { input, element, allowedEdges: CARD_EDGES }),
        onDrag: ({ self }) => setClosestEdge(extractClosestEdge(self.data)),
        onDragLeave: () => setClosestEdge(null),
        onDrop: () => setClosestEdge(null),
      }),
    );
  }, [ref, issueId, pipelineId, canMove]);

  return { closestEdge, isDragging };
}
