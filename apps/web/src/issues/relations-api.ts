import { useMemo } from "react";
import { useGraphQL } from "../api/use-graphql";

/**
 * Typed calls for an issue's relations — dependencies, parent and sub-issues, GitHub and Gantry
 * epics — for the issue viewer's sidebar and anything else that edits them. Ids are global ids.
 * Refusals (cycles, permissions) reject with the server's message.
 */

/** What the bulk-shaped answers say: issues the person could not change are listed with a reason. */
export interface RelationResult {
  successCount: number;
  failedIssues: { id: string }[];
  /** Issue id → why it was not changed. */
  githubErrors: Record<string, string>;
}

const RESULT = "successCount failedIssues { id } githubErrors";
const BLOCKAGE =
  "blockage { id blocking { ... on Issue { id number title } } blocked { ... on Issue { id number title } } }";

const CREATE_BLOCKAGE = `mutation createBlockage($blocking: IssueDependencyInput!, $blocked: IssueDependencyInput!, $workspaceId: ID) {
  createBlockage(input: { blocking: $blocking, blocked: $blocked, workspaceId: $workspaceId }) { ${BLOCKAGE} }
}`;
const DELETE_BLOCKAGE = `mutation deleteBlockage($blocking: IssueDependencyInput!, $blocked: IssueDependencyInput!, $workspaceId: ID) {
  deleteBlockage(input: { blocking: $blocking, blocked: $blocked, workspaceId: $workspaceId }) { ${BLOCKAGE} }
}`;
const ADD_SUB_ISSUES = `mutation addSubIssues($parentId: ID!, $childIssueIds: [ID!]!, $replaceParent: Boolean) {
  addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds, replaceParent: $replaceParent }) { ${RESULT} }
}`;
const REMOVE_SUB_ISSUES = `mutation removeSubIssues($childIssueIds: [ID!]!) {
  removeSubIssues(input: { childIssueIds: $childIssueIds }) { ${RESULT} }
}`;
const CREATE_EPIC_FROM_ISSUE = `mutation createEpicFromIssue($issueId: ID!, $epicChildIds: [ID!]) {
  createEpicFromIssue(input: { issueId: $issueId, epicChildIds: $epicChildIds }) { ${RESULT} epic { id } }
}`;
/** Issues joining or leaving GitHub epics (`epicIds`) or Gantry epics (`gantryEpicIds`). */
const membershipMutation = (
  name: string,
  targetsArg: string,
) => `mutation ${name}($issueIds: [ID!]!, $${targetsArg}: [ID!]!) {
  ${name}(input: { issueIds: $issueIds, ${targetsArg}: $${targetsArg} }) { ${RESULT} }
}`;

export interface DependencyIssue {
  id: string;
  number: number;
  title: string;
}

export interface Blockage {
  id: string;
  blocking: DependencyIssue;
  blocked: DependencyIssue;
}

/** A dependency: `blockingId` blocks `blockedId`; `workspaceId` only when both are on several boards. */
export interface BlockageInput {
  blockingId: string;
  blockedId: string;
  workspaceId?: string;
}

const blockageVariables = ({ blockingId, blockedId, workspaceId }: BlockageInput) => ({
  blocking: { id: blockingId, type: "ISSUE" },
  blocked: { id: blockedId, type: "ISSUE" },
  workspaceId: workspaceId ?? null,
});

export function useRelationsApi() {
  const request = useGraphQL();
  return useMemo(() => {
    const membership = (name: string, targetsArg: string) => {
      const mutation = membershipMutation(name, targetsArg);
      return async (issueIds: string[], targetIds: string[]): Promise<RelationResult> => {
        const answer = await request<Record<string, RelationResult>>(mutation, { issueIds, [targetsArg]: targetIds });
        const result = answer[name];
        if (!result) throw new Error(`${name} answered nothing`);
        return result;
      };
    };
    return {
      createBlockage: async (input: BlockageInput): Promise<Blockage> =>
        (await request<{ createBlockage: { blockage: Blockage } }>(CREATE_BLOCKAGE, blockageVariables(input)))
          .createBlockage.blockage,
      deleteBlockage: async (input: BlockageInput): Promise<Blockage> =>
        (await request<{ deleteBlockage: { blockage: Blockage } }>(DELETE_BLOCKAGE, blockageVariables(input)))
          .deleteBlockage.blockage,
      /** Without `replaceParent`, an issue that already has another parent is refused. */
      addSubIssues: async (parentId: string, childIssueIds: string[], replaceParent = false) =>
        (
          await request<{ addSubIssues: RelationResult }>(ADD_SUB_ISSUES, {
            parentId,
            childIssueIds,
            replaceParent,
          })
        ).addSubIssues,
      removeSubIssues: async (childIssueIds: string[]) =>
        (await request<{ removeSubIssues: RelationResult }>(REMOVE_SUB_ISSUES, { childIssueIds })).removeSubIssues,
      /** A GitHub issue becomes a GitHub epic (Gantry issues use Gantry epics instead). */
      createEpicFromIssue: async (issueId: string, epicChildIds: string[] = []) =>
        (
          await request<{ createEpicFromIssue: RelationResult & { epic: { id: string } } }>(CREATE_EPIC_FROM_ISSUE, {
            issueId,
            epicChildIds,
          })
        ).createEpicFromIssue,
      addIssuesToEpics: membership("addIssuesToEpics", "epicIds"),
      removeIssuesFromEpics: membership("removeIssuesFromEpics", "epicIds"),
      addIssuesToGantryEpics: membership("addIssuesToGantryEpics", "gantryEpicIds"),
      removeIssuesFromGantryEpics: membership("removeIssuesFromGantryEpics", "gantryEpicIds"),
    };
  }, [request]);
}

export type RelationsApi = ReturnType<typeof useRelationsApi>;
