import { useMemo } from "react";
import { useNavigate } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import { boardIssuePath } from "../issues/issue-routes";
import { type PaletteCommand, type PaletteSearch, useRegisterSearch } from "../shell/command-palette/command-registry";
import { sprintPagePath } from "../sprints/paths";
import { workspacePath } from "../workspaces/paths";
import type { WorkspaceSummary } from "./api";

/** Results per workspace and kind: the palette is for jumping, not for browsing. */
const FOUND_PER_WORKSPACE = 5;
/** Workspaces asked at once; an organisation with more is searched in its first ones. */
const WORKSPACES_SEARCHED = 10;

const PALETTE_SEARCH = `query paletteSearch($workspaceId: ID!, $query: String!, $first: Int!) {
  searchIssues(workspaceId: $workspaceId, query: $query, includeClosed: true, first: $first) { nodes { id number title htmlUrl } }
  workspace(id: $workspaceId) { id sprints(query: $query, first: $first) { nodes { id name } } }
}`;

interface PaletteSearchAnswer {
  searchIssues: { nodes: { id: string; number: number; title: string; htmlUrl: string }[] };
  workspace: { id: string; sprints: { nodes: { id: string; name: string }[] } };
}

/**
 * Finds issues (by title or number, "#12" too) and sprints of the active organisation's
 * workspaces as the person types in the palette, each opening where it lives.
 */
export function useWorkspaceSearch(workspaces: readonly WorkspaceSummary[]): void {
  const request = useGraphQL();
  const navigate = useNavigate();
  const search = useMemo<PaletteSearch>(() => {
    const searched = workspaces.slice(0, WORKSPACES_SEARCHED);
    const where = (workspace: WorkspaceSummary) => (searched.length > 1 ? ` · ${workspace.name}` : "");
    return {
      group: "Issues",
      find: async (text) => {
        const answers = await Promise.all(
          searched.map(async (workspace) => ({
            workspace,
            answer: await request<PaletteSearchAnswer>(PALETTE_SEARCH, {
              workspaceId: workspace.id,
              query: text,
              first: FOUND_PER_WORKSPACE,
            }).catch(() => null),
          })),
        );
        return answers.flatMap(({ workspace, answer }): PaletteCommand[] => {
          if (!answer) return [];
          const issues = answer.searchIssues.nodes.map((issue) => ({
            id: `issue-${workspace.id}-${issue.id}`,
            group: "Issues",
            label: `#${issue.number} ${issue.title}${where(workspace)}`,
            run: () => navigate(boardIssuePath(workspace.id, issue.htmlUrl) ?? workspacePath(workspace.id)),
          }));
          const sprints = answer.workspace.sprints.nodes.map((sprint) => ({
            id: `sprint-${workspace.id}-${sprint.id}`,
            group: "Sprints",
            label: `${sprint.name}${where(workspace)}`,
            run: () => navigate(sprintPagePath(workspace.id, sprint.id)),
          }));
          return [...issues, ...sprints];
        });
      },
    };
  }, [workspaces, request, navigate]);
  useRegisterSearch(search);
}
