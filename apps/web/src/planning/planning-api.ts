import type { MoveInstruction, PlanningItem } from "./planning-slice";

/** The panel's filter bar; the server's `states` default is open issues (decision 0023). */
export interface PlanningFilters {
  query: string;
  workspaceId: string | null;
  state: "OPEN" | "CLOSED" | "ALL";
}

export const DEFAULT_PLANNING_FILTERS: PlanningFilters = { query: "", workspaceId: null, state: "OPEN" };

/** SPEC §4's filter count: how many of the bar's filters differ from the default. */
export const filterCount = (filters: PlanningFilters) =>
  [filters.query.trim() !== "", filters.workspaceId !== null, filters.state !== "OPEN"].filter(Boolean).length;

export const PLANNING_ORGANIZATION = `query planningOrganization($id: ID!) {
  node(id: $id) { ... on GantryOrganization { id name workspaces(first: 100) { nodes { id name } } } }
}`;

export interface PlanningOrganizationAnswer {
  node: { id: string; name: string; workspaces: { nodes: { id: string; name: string }[] } } | null;
}

export const SEARCH_STRATEGIC_ISSUES = `query searchStrategicIssues($id: ID!, $first: Int!, $after: String, $parentIssueId: ID, $query: String, $states: [IssueState!], $workspaceId: ID) {
  node(id: $id) {
    ... on GantryOrganization {
      searchStrategicIssues(first: $first, after: $after, parentIssueId: $parentIssueId, query: $query, states: $states, workspaceId: $workspaceId) {
        pageInfo { hasNextPage endCursor }
        nodes { hasMatchingChildren issue { id number title state parentIssue { id } repository { name } estimate { value } assignees { login avatarUrl } issueCountProgress { closed total } } }
      }
    }
  }
}`;

export interface StrategicPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: PlanningItem[];
}

export interface SearchStrategicIssuesAnswer {
  node: { searchStrategicIssues: StrategicPage } | null;
}

export function searchVariables(organizationId: string, filters: PlanningFilters) {
  return {
    id: organizationId,
    query: filters.query.trim() || null,
    workspaceId: filters.workspaceId,
    states: filters.state === "ALL" ? ["OPEN", "CLOSED", "MERGED"] : [filters.state],
  };
}

export const MOVE_STRATEGIC_ISSUE = `mutation moveStrategicIssue($input: MoveStrategicIssueInput!) {
  moveStrategicIssue(input: $input) { issue { id } }
}`;

/** The hitbox's instructions as the API names them; anything else inserts before the target (SPEC §4). */
export const apiInstruction = (instruction: MoveInstruction) =>
  instruction === "make-child" ? "MAKE_CHILD" : instruction === "reorder-below" ? "REORDER_BELOW" : "REORDER_ABOVE";
