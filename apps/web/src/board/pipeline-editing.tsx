import { monitorForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { extractClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { type BoardPipeline, type BoardWorkspace, boardPipelinesKey } from "./api";
import { pipelinesErrorSet } from "./board-slice";
import { useBoardDispatch } from "./board-store";
import { isPipelineHeaderData } from "./drag-data";
import { usePipelineRequests } from "./pipeline-api";
import { reorderPosition } from "./use-pipeline-drag";

/** A pipeline change the server refused, and how to try it again. */
export interface PipelinesError {
  message: string;
  retry: () => void;
}

export interface PipelineEditing {
  /** The server lets workspace admins add, change and delete pipelines. */
  canEdit: boolean;
  /** The open pipelines in board order (not Closed, which no one edits). */
  pipelines: BoardPipeline[];
  requests: ReturnType<typeof usePipelineRequests>;
  /** Runs a change; a refusal opens the pipelines error (SPEC §3 isPipelinesErrorActive) with a retry. */
  run: (change: () => Promise<unknown>) => Promise<boolean>;
  /** Moves a pipeline to an index among the open ones at once, and back if the server refuses. */
  reorder: (pipelineId: string, position: number) => Promise<boolean>;
  error: PipelinesError | null;
  dismissError: () => void;
}

const PipelineEditingContext = createContext<PipelineEditing | null>(null);

/** The board's pipelines with one moved to an index among the open ones (Closed stays last). */
function moved(all: BoardPipeline[], pipelineId: string, position: number): BoardPipeline[] {
  const pipeline = all.find((candidate) => candidate.id === pipelineId);
  if (!pipeline) return all;
  const others = all.filter((candidate) => candidate !== pipeline);
  return [...others.slice(0, position), pipeline, ...others.slice(position)];
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The field a validation error is about, when the server named one (shown beside that field). */
export function fieldOf(error: unknown): string | null {
  if (!(error instanceof GraphQLRequestError)) return null;
  return typeof error.extensions.field === "string" ? error.extensions.field : null;
}

interface ProviderProps {
  workspaceId: string;
  canEdit: boolean;
  pipelines: BoardPipeline[];
  children: ReactNode;
}

export function PipelineEditingProvider({ workspaceId, canEdit, pipelines, children }: ProviderProps) {
  const dispatch = useBoardDispatch();
  const requests = usePipelineRequests(workspaceId);
  const [error, setError] = useState<PipelinesError | null>(null);

  const dismissError = useCallback(() => {
    setError(null);
    dispatch(pipelinesErrorSet(false));
  }, [dispatch]);

  const run = useCallback(
    async (change: () => Promise<unknown>): Promise<boolean> => {
      try {
        await change();
        dismissError();
        return true;
      } catch (caught) {
        setError({ message: errorMessage(caught), retry: () => void run(change) });
        dispatch(pipelinesErrorSet(true));
        return false;
      }
    },
    [dispatch, dismissError],
  );

  const queryClient = useQueryClient();
  const reorder = useCallback(
    (pipelineId: string, position: number) =>
      run(async () => {
        const key = boardPipelinesKey(workspaceId);
        // A read still under way would put the old order back over the new one.
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<BoardWorkspace>(key);
        if (before)
          queryClient.setQueryData(key, { ...before, pipelines: moved(before.pipelines, pipelineId, position) });
        try {
          await requests.update(pipelineId, { position });
        } catch (caught) {
          if (before) queryClient.setQueryData(key, before);
          throw caught;
        }
      }),
    [queryClient, requests, run, workspaceId],
  );

  useEffect(() => {
    if (!canEdit) return;
    const ids = pipelines.map((pipeline) => pipeline.id);
    return monitorForElements({
      canMonitor: ({ source }) => isPipelineHeaderData(source.data),
      onDrop: ({ source, location }) => {
        const [target] = location.current.dropTargets;
        if (!target || !isPipelineHeaderData(source.data) || !isPipelineHeaderData(target.data)) return;
        const position = reorderPosition(
          ids,
          source.data.pipelineId,
          target.data.pipelineId,
          extractClosestEdge(target.data),
        );
        if (position !== null) void reorder(source.data.pipelineId, position);
      },
    });
  }, [canEdit, pipelines, reorder]);

  const value = useMemo(
    () => ({ canEdit, pipelines, requests, run, reorder, error, dismissError }),
    [canEdit, pipelines, requests, run, reorder, error, dismissError],
  );
  return <PipelineEditingContext.Provider value={value}>{children}</PipelineEditingContext.Provider>;
}

export function usePipelineEditing(): PipelineEditing {
  const editing = useContext(PipelineEditingContext);
  if (!editing) throw new Error("usePipelineEditing needs the board around it");
  return editing;
}
