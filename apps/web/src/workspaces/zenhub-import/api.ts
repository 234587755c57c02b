import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useGraphQL } from "../../api/use-graphql";

/** Importing a ZenHub workspace into this one (docs/decisions/0065): choose, start, follow. */

export interface ZenhubWorkspaceChoice {
  id: string;
  name: string;
  organizationName: string;
}

export type ZenhubImportState = "QUEUED" | "RUNNING" | "DONE" | "FAILED";

export interface ZenhubImport {
  id: string;
  zenhubWorkspaceName: string;
  state: ZenhubImportState;
  stage: string;
  progress: { kind: string; done: number; total: number }[];
  skipped: { kind: string; name: string; reason: string }[];
  error: string | null;
  secondsLeft: number | null;
  finished: boolean;
  createdAt: string;
}

const CHOICES = `query zenhubWorkspacesForKey($apiKey: String!) {
  zenhubWorkspacesForKey(apiKey: $apiKey) { id name organizationName }
}`;
const IMPORTS = `query workspaceZenhubImports($id: ID!) {
  workspace(id: $id) { zenhubImports {
    id zenhubWorkspaceName state stage error secondsLeft finished createdAt
    progress { kind done total } skipped { kind name reason }
  } }
}`;
const START = `mutation startZenhubImport($input: StartZenhubImportInput!) {
  startZenhubImport(input: $input) { zenhubImport { id } }
}`;

const importsKey = (workspaceId: string) => ["workspace-zenhub-imports", workspaceId] as const;

/** The workspace's imports, newest first; read again every two seconds while one is under way. */
export function useZenhubImports(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: importsKey(workspaceId),
    queryFn: async () =>
      (await request<{ workspace: { zenhubImports: ZenhubImport[] } }>(IMPORTS, { id: workspaceId })).workspace
        .zenhubImports,
    refetchInterval: (query) => (query.state.data?.some((row) => !row.finished && row.state !== "DONE") ? 2000 : false),
  });
}

export function useZenhubImportApi(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      choices: async (apiKey: string) =>
        (await request<{ zenhubWorkspacesForKey: ZenhubWorkspaceChoice[] }>(CHOICES, { apiKey }))
          .zenhubWorkspacesForKey,
      start: async (input: { apiKey: string; zenhubWorkspaceId: string; confirmMerge: boolean }) => {
        await request(START, { input: { workspaceId, ...input } });
        await queryClient.invalidateQueries({ queryKey: importsKey(workspaceId) });
      },
    }),
    [request, queryClient, workspaceId],
  );
}
