import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import { boardPipelinesKey } from "../api";

interface Progress {
  closed: number;
  total: number;
}

export interface GantryEpicSummary {
  id: string;
  title: string;
  state: "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";
  gantryIssueCountProgress: Progress;
  gantryIssueEstimateProgress: Progress;
}

const EPIC_FIELDS =
  "id title state gantryIssueCountProgress { closed total } gantryIssueEstimateProgress { closed total }";

const GANTRY_EPICS = `query boardGantryEpics($workspaceId: ID!) {
  workspace(id: $workspaceId) { gantryEpics(first: 100) { nodes { ${EPIC_FIELDS} } } }
}`;

const CREATE_GANTRY_EPIC = `mutation createGantryEpic($workspaceId: ID!, $title: String!) {
  createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title } }) { gantryEpic { ${EPIC_FIELDS} } }
}`;

/**
 * Kept under the board's pipelines key, so the board events that refresh pipeline counts
 * refresh epic progress too.
 */
const gantryEpicsKey = (workspaceId: string) => [...boardPipelinesKey(workspaceId), "gantry-epics"] as const;

/** The workspace's Gantry epics with their progress, open ones first. */
export function useGantryEpics(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: gantryEpicsKey(workspaceId),
    queryFn: async () =>
      (
        await request<{ workspace: { gantryEpics: { nodes: GantryEpicSummary[] } } }>(GANTRY_EPICS, {
          workspaceId,
        })
      ).workspace.gantryEpics.nodes,
  });
}

export function useCreateGantryEpic(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) =>
      (
        await request<{ createGantryEpic: { gantryEpic: GantryEpicSummary } }>(CREATE_GANTRY_EPIC, {
          workspaceId,
          title,
        })
      ).createGantryEpic.gantryEpic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gantryEpicsKey(workspaceId) }),
  });
}
