import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";

export type RepositoryImportState = "PENDING" | "IMPORTING" | "DONE" | "FAILED";
export type IssueState = "OPEN" | "CLOSED" | "MERGED";

export interface RepositoryIssue {
  number: number;
  title: string;
  state: IssueState;
  pullRequest: boolean;
  htmlUrl: string;
  labels: { name: string; color: string }[];
  assignees: { login: string; avatarUrl: string | null }[];
}

export interface RepositorySync {
  webhookInstalled: boolean;
  /** Archived on GitHub, so read-only there. */
  archived: boolean;
  lastDeliveryAt: string | null;
  lastDeliveryLagMs: number | null;
  lastReconciledAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** GitHub's rate limit for the syncing account as last seen; null until Gantry has called GitHub for it. */
  rateLimit: { limit: number; remaining: number; resetAt: string } | null;
}

export interface ConnectedRepository {
  id: string;
  ghId: number;
  name: string;
  ownerName: string;
  htmlUrl: string;
  import: { state: RepositoryImportState; importedCount: number };
  sync: RepositorySync;
  issues: { totalCount: number; nodes: RepositoryIssue[] };
}

/** How many issues each repository panel lists until the board shows them all. */
export const ISSUES_SHOWN = 20;
/** How often the panels ask again while an import runs, so its progress moves. */
export const IMPORT_POLL_MS = 2_000;

const REPOSITORY_FIELDS = `id ghId name ownerName htmlUrl
  import { state importedCount }
  sync { webhookInstalled archived lastDeliveryAt lastDeliveryLagMs lastReconciledAt lastError lastErrorAt rateLimit { limit remaining resetAt } }`;

const WORKSPACE_REPOSITORIES = `query workspaceRepositories($workspaceId: ID!, $first: Int!) {
  workspace(id: $workspaceId) {
    repositoriesConnection(first: 100) {
      nodes { repository { ${REPOSITORY_FIELDS}
        issues(first: $first) { totalCount nodes { number title state pullRequest htmlUrl labels { name color } assignees { login avatarUrl } } }
      } }
    }
  }
}`;

/** The workspace's own repository of native issues, as the connection lists it. */
type GantryRepository = Omit<ConnectedRepository, "ghId"> & { ghId: null };

export const workspaceRepositoriesKey = (workspaceId: string) => ["workspace-repositories", workspaceId] as const;

const isImporting = (repository: ConnectedRepository) =>
  repository.import.state === "PENDING" || repository.import.state === "IMPORTING";

/** The workspace's connected repositories with their sync health and first issues, polled while any imports. */
export function useWorkspaceRepositories(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: workspaceRepositoriesKey(workspaceId),
    queryFn: async () => {
      const { workspace } = await request<{
        workspace: { repositoriesConnection: { nodes: { repository: ConnectedRepository | GantryRepository }[] } };
      }>(WORKSPACE_REPOSITORIES, { workspaceId, first: ISSUES_SHOWN });
      // The workspace's Gantry repository holds its native issues: nothing to sync with GitHub.
      return workspace.repositoriesConnection.nodes
        .map((node) => node.repository)
        .filter((repository): repository is ConnectedRepository => repository.ghId !== null);
    },
    refetchInterval: (query) => (query.state.data?.some(isImporting) ? IMPORT_POLL_MS : false),
  });
}

export function useAddRepositoryToWorkspace(workspaceId: string) {
  return useGraphQLMutation<
    { addRepositoryToWorkspace: { workspaceRepository: { repository: { id: string; name: string } } } },
    { workspaceId: string; repositoryGhId: string }
  >(
    `mutation addRepositoryToWorkspace($workspaceId: ID!, $repositoryGhId: ID!) {
      addRepositoryToWorkspace(input: { workspaceId: $workspaceId, repositoryGhId: $repositoryGhId }) {
        workspaceRepository { repository { ${REPOSITORY_FIELDS} } }
      }
    }`,
    [workspaceRepositoriesKey(workspaceId)],
  );
}

/** The sync panel's retry: reads the repository from GitHub again now. */
export function useReconcileRepository(workspaceId: string) {
  return useGraphQLMutation<{ reconcileRepository: { repository: { id: string } } }, { repositoryId: string }>(
    `mutation reconcileRepository($repositoryId: ID!) {
      reconcileRepository(input: { repositoryId: $repositoryId }) { repository { id } }
    }`,
    [workspaceRepositoriesKey(workspaceId)],
  );
}
