import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

/** A workspace holding the GitHub repository the extension's page shows. */
export interface RepositoryWorkspace {
  id: string;
  name: string;
  organizationName: string;
}

const WORKSPACE_REPOSITORIES = `query extensionWorkspaceRepositories {
  viewer {
    gantryOrganizations(first: 100) {
      nodes {
        name
        workspaces(first: 100) {
          nodes { id name repositoriesConnection(first: 100) { nodes { repository { name ownerName } } } }
        }
      }
    }
  }
}`;

interface WorkspaceRepositoriesAnswer {
  viewer: {
    gantryOrganizations: {
      nodes: {
        name: string;
        workspaces: {
          nodes: {
            id: string;
            name: string;
            repositoriesConnection: { nodes: { repository: { name: string; ownerName: string } }[] };
          }[];
        };
      }[];
    };
  };
}

/**
 * The viewer's workspaces holding owner/name, by organisation then workspace name (id breaks
 * ties). GitHub's names are not case sensitive, so neither is the match.
 */
export function workspacesHolding(answer: WorkspaceRepositoriesAnswer, owner: string, name: string) {
  const wanted = `${owner}/${name}`.toLowerCase();
  return answer.viewer.gantryOrganizations.nodes
    .flatMap((organization) =>
      organization.workspaces.nodes
        .filter((workspace) =>
          workspace.repositoriesConnection.nodes.some(
            ({ repository }) => `${repository.ownerName}/${repository.name}`.toLowerCase() === wanted,
          ),
        )
        .map((workspace) => ({ id: workspace.id, name: workspace.name, organizationName: organization.name })),
    )
    .sort(
      (a, b) =>
        a.organizationName.localeCompare(b.organizationName) ||
        a.name.localeCompare(b.name) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/** Which of the viewer's workspaces show a GitHub repository. */
export function useRepositoryWorkspaces(owner: string, name: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["extension-repository-workspaces", owner.toLowerCase(), name.toLowerCase()],
    queryFn: async (): Promise<RepositoryWorkspace[]> =>
      workspacesHolding(await request<WorkspaceRepositoriesAnswer>(WORKSPACE_REPOSITORIES), owner, name),
  });
}
