import type { Edge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge";

/** What a dragged card and the places it can land carry, told apart by `kind`. */
export interface CardDragData {
  kind: "card";
  issueId: string;
  pipelineId: string;
  [key: string | symbol]: unknown;
}

export interface PipelineDropData {
  kind: "pipeline";
  pipelineId: string;
  [key: string | symbol]: unknown;
}

/** A pipeline dragged by its header, and the header it is dropped on, to reorder the board's pipelines. */
export interface PipelineHeaderDragData {
  kind: "pipeline-header";
  pipelineId: string;
  [key: string | symbol]: unknown;
}

type DragData = Record<string | symbol, unknown>;

export function isCardData(data: DragData): data is CardDragData {
  return data.kind === "card" && typeof data.issueId === "string" && typeof data.pipelineId === "string";
}

export function isPipelineData(data: DragData): data is PipelineDropData {
  return data.kind === "pipeline" && typeof data.pipelineId === "string";
}

export function isPipelineHeaderData(data: DragData): data is PipelineHeaderDragData {
  return data.kind === "pipeline-header" && typeof data.pipelineId === "string";
}

export const CARD_EDGES: Edge[] = ["top", "bottom"];
export const PIPELINE_EDGES: Edge[] = ["left", "right"];
