import { useQuery } from "@tanstack/react-query";
import { GraphQLRequestError } from "../api/graphql";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import { useAfterFirstCards } from "../app/first-cards";

/** Why a GitHub call was refused (the server's `extensions.reason`). */
export type GitHubFailureReason =
  | "GITHUB_NOT_CONNECTED"
  | "GITHUB_TOKEN_INVALID"
  | "GITHUB_DISABLED"
  | "GITHUB_REFUSED"
  | "GITHUB_RATE_LIMITED";

export function gitHubFailureReason(error: unknown): GitHubFailureReason | null {
  if (!(error instanceof GraphQLRequestError)) return null;
  const reason = error.extensions.reason;
  return reason === "GITHUB_NOT_CONNECTED" ||
    reason === "GITHUB_TOKEN_INVALID" ||
    reason === "GITHUB_DISABLED" ||
    reason === "GITHUB_REFUSED" ||
    reason === "GITHUB_RATE_LIMITED"
    ? reason
    : null;
}

export interface GitHubUser {
  ghId: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
}

export interface GitHubOrganization {
  ghId: number;
  login: string;
  avatarUrl: string;
}

export interface GitHubRepositoryOption {
  ghId: number;
  name: string;
  ownerName: string;
  isPrivate: boolean;
  htmlUrl: string;
}

/** "owner/name", as GitHub writes a repository. */
export function repositoryFullName(repository: { ownerName: string; name: string }): string {
  return `${repository.ownerName}/${repository.name}`;
}

const GITHUB_USER_FIELDS = "ghId login name avatarUrl";

/** The GitHub account connected to the viewer, null until one is (the user-info load does not carry it). */
export function useGitHubUser() {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["github-user"],
    // Not needed for a board's first cards (decision 0101).
    enabled: useAfterFirstCards(),
    queryFn: async () =>
      (
        await request<{ viewer: { githubUser: GitHubUser | null } }>(
          `query githubUser { viewer { githubUser { ${GITHUB_USER_FIELDS} } } }`,
        )
      ).viewer.githubUser,
  });
}

const GITHUB_ACCOUNTS = `query githubAccounts {
  viewer { githubUser { ${GITHUB_USER_FIELDS} } githubOrganizations { ghId login avatarUrl } }
}`;

/** The viewer's GitHub account and organisations (User.getMyOrgs), for choosing a repository's owner. */
export function useGitHubAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["github-accounts"],
    enabled,
    queryFn: async () => {
      const { viewer } = await request<{
        viewer: { githubUser: GitHubUser | null; githubOrganizations: GitHubOrganization[] };
      }>(GITHUB_ACCOUNTS);
      return { user: viewer.githubUser, organizations: viewer.githubOrganizations };
    },
    retry: (failures, error) => gitHubFailureReason(error) === null && failures < 1,
  });
}

export const GITHUB_REPOSITORIES_KEY = ["github-repositories"] as const;

/** The repositories the viewer may import, as GitHub lists them now. */
export function useGitHubRepositories() {
  const request = useGraphQL();
  return useQuery({
    queryKey: GITHUB_REPOSITORIES_KEY,
    queryFn: async () =>
      (
        await request<{ viewer: { githubRepositories: GitHubRepositoryOption[] } }>(
          "query githubRepositories { viewer { githubRepositories { ghId name ownerName isPrivate htmlUrl } } }",
        )
      ).viewer.githubRepositories,
    retry: (failures, error) => gitHubFailureReason(error) === null && failures < 1,
  });
}

export interface CreateGitHubRepositoryVariables extends Record<string, unknown> {
  name: string;
  private: boolean;
  description: string | null;
  organizationGhId: string | null;
}

export function useCreateGitHubRepository() {
  return useGraphQLMutation<
    { createGitHubRepository: { repository: { ghId: number; name: string } } },
    CreateGitHubRepositoryVariables
  >(
    `mutation createGitHubRepository($name: String!, $private: Boolean!, $description: String, $organizationGhId: String) {
      createGitHubRepository(input: { name: $name, private: $private, description: $description, organizationGhId: $organizationGhId }) {
        repository { ghId name }
      }
    }`,
    [GITHUB_REPOSITORIES_KEY],
  );
}
