import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import { useAiSuggestionsPreference } from "./use-ai-suggestions-preference";

const WORKSPACE_AI = `query workspaceAiEnabled($id: ID!) {
  workspace(id: $id) { gantryOrganization { id aiEnabled } }
}`;

interface WorkspaceAi {
  workspace: { gantryOrganization: { id: string; aiEnabled: boolean } | null } | null;
}

/** Every question about whether AI is on for an organisation starts with this, so one switch refreshes them all. */
export const AI_ENABLED_KEY = ["ai-enabled"] as const;
export const workspaceAiKey = (workspaceId: string | null) => [...AI_ENABLED_KEY, "workspace", workspaceId] as const;

/**
 * Whether AI suggestions show in a workspace: on in this browser (SPEC §9 preference) and not
 * switched off by the workspace's organisation. Until the organisation's answer arrives they stay
 * hidden, so a button never appears only to be refused.
 */
export function useAiAvailable(workspaceId: string | null): boolean {
  const { enabled } = useAiSuggestionsPreference();
  const request = useGraphQL();
  const { data } = useQuery({
    queryKey: workspaceAiKey(workspaceId),
    queryFn: () => request<WorkspaceAi>(WORKSPACE_AI, { id: workspaceId }),
    enabled: enabled && workspaceId !== null,
    staleTime: 60_000,
  });
  return enabled && data?.workspace?.gantryOrganization?.aiEnabled === true;
}
