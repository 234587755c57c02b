import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useGraphQL } from "../api/use-graphql";
import { boardPipelinesKey } from "./api";

const CREATE_PIPELINE = `mutation createPipeline($workspaceId: ID!, $name: String!, $description: String) {
  createPipeline(input: { workspaceId: $workspaceId, name: $name, description: $description }) { pipeline { id } }
}`;

const UPDATE_PIPELINE = `mutation updatePipeline($pipelineId: ID!, $name: String, $description: String, $position: Int) {
  updatePipeline(input: { pipelineId: $pipelineId, name: $name, description: $description, position: $position }) {
    pipeline { id }
  }
}`;

const DELETE_PIPELINE = `mutation deletePipeline($pipelineId: ID!, $destinationPipelineId: ID!) {
  deletePipeline(input: { pipelineId: $pipelineId, destinationPipelineId: $destinationPipelineId }) {
    destinationPipeline { id }
  }
}`;

export interface PipelineChanges {
  name?: string;
  /** An empty string clears the description. */
  description?: string;
  /** The pipeline's new index among the open pipelines. */
  position?: number;
}

/** The pipeline mutations; each reads the board's pipelines again once the server has answered. */
export function usePipelineRequests(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) }),
    [queryClient, workspaceId],
  );
  const create = useCallback(
    async (name: string, description: string) => {
      await request(CREATE_PIPELINE, { workspaceId, name, description: description.trim() || null });
      await refresh();
    },
    [request, refresh, workspaceId],
  );
  const update = useCallback(
    async (pipelineId: string, changes: PipelineChanges) => {
      await request(UPDATE_PIPELINE, { pipelineId, ...changes });
      await refresh();
    },
    [request, refresh],
  );
  const remove = useCallback(
    async (pipelineId: string, destinationPipelineId: string) => {
      await request(DELETE_PIPELINE, { pipelineId, destinationPipelineId });
      await refresh();
    },
    [request, refresh],
  );
  return useMemo(() => ({ create, update, remove }), [create, update, remove]);
}
