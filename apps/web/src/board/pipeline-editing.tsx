import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import type { BoardPipeline } from "./api";
import { pipelinesErrorSet } from "./board-slice";
import { useBoardDispatch } from "./board-store";
import { usePipelineRequests } from "./pipeline-api";

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
  error: PipelinesError | null;
  dismissError: () => void;
}

const PipelineEditingContext = createContext<PipelineEditing | null>(null);

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

  const value = useMemo(
    () => ({ canEdit, pipelines, requests, run, error, dismissError }),
    [canEdit, pipelines, requests, run, error, dismissError],
  );
  return <PipelineEditingContext.Provider value={value}>{children}</PipelineEditingContext.Provider>;
}

export function usePipelineEditing(): PipelineEditing {
  const editing = useContext(PipelineEditingContext);
  if (!editing) throw new Error("usePipelineEditing needs the board around it");
  return editing;
}
