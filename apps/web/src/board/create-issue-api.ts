import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useGraphQL } from "../api/use-graphql";
import { ISSUE_FIELDS } from "./api";
import type { BoardIssue } from "./board-issue";

export interface RepositoryOption {
  id: string;
  name: string;
  ownerName: string;
  /** Null for the workspace's Gantry repository, where native issues live. */
  ghId: number | null;
}

const CREATE_ISSUE_OPTIONS = `query createIssueOptions($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    gantryRepository { id name ownerName ghId }
    repositoriesConnection { nodes { repository { id name ownerName ghId } } }
  }
}`;

interface OptionsAnswer {
  workspace: {
    gantryRepository: RepositoryOption;
    repositoriesConnection: { nodes: { repository: RepositoryOption }[] };
  };
}

/** Where a new issue can go: the Gantry repository first, then the connected GitHub repositories. */
export function useRepositoryOptions(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["create-issue-options", workspaceId],
    queryFn: async () => {
      const { workspace } = await request<OptionsAnswer>(CREATE_ISSUE_OPTIONS, { workspaceId });
      const onGitHub = workspace.repositoriesConnection.nodes
        .map((node) => node.repository)
        .filter((repository) => repository.ghId !== null);
      return [workspace.gantryRepository, ...onGitHub];
    },
  });
}

const CREATE_ISSUE = `mutation createIssue($workspaceId: ID!, $input: CreateIssueInput!) {
  createIssue(input: $input) {
    issue { ${ISSUE_FIELDS} place: pipelineIssue(workspaceId: $workspaceId) { pipeline { id } } }
  }
}`;

export interface NewIssue {
  repositoryId: string;
  title: string;
  body: string;
  /** Labels accepted from the suggestions (the server adds the zh- prefix on a native issue). */
  labels?: string[];
  pipelineId: string;
}

type CreatedIssue = BoardIssue & { place: { pipeline: { id: string } } | null };

export function useCreateIssueRequest(workspaceId: string) {
  const request = useGraphQL();
  return useCallback(
    async (input: NewIssue): Promise<CreatedIssue> => {
      const answer = await request<{ createIssue: { issue: CreatedIssue } }>(CREATE_ISSUE, {
        workspaceId,
        input: { ...input, body: input.body || null },
      });
      return answer.createIssue.issue;
    },
    [request, workspaceId],
  );
}
