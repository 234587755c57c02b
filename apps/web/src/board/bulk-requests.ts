import { useCallback } from "react";
import { useGraphQL } from "../api/use-graphql";
import type { BulkAnswer } from "./bulk-chunks";

/** One bulk action, as the modal sends it for each chunk of issues. */
export type BulkAction =
  | { kind: "move"; pipelineId: string; position: "START" | "END" }
  | { kind: "addLabels" | "removeLabels"; labels: string[] }
  | { kind: "addAssignees" | "removeAssignees"; logins: string[] }
  | { kind: "milestone"; milestoneNumber: number | null }
  | { kind: "close" }
  | { kind: "estimate"; value: number | null }
  | { kind: "addToSprints" | "removeFromSprints"; sprintIds: string[] }
  | { kind: "addToEpics" | "removeFromEpics"; gantryEpicIds: string[] }
  | { kind: "delete" };

const RESULT = "successCount githubErrors";

const DOCUMENTS: Record<Exclude<BulkAction["kind"], "delete">, { field: string; document: string }> = {
  move: {
    field: "movePipelineIssues",
    document: `mutation movePipelineIssues($issueIds: [ID!]!, $pipelineId: ID!, $position: PipelineIssuePosition, $workspaceId: ID) {
  movePipelineIssues(input: { issueIds: $issueIds, pipelineId: $pipelineId, position: $position, workspaceId: $workspaceId }) { ${RESULT} }
}`,
  },
  addLabels: {
    field: "addLabelsToIssues",
    document: `mutation addLabelsToIssues($issueIds: [ID!]!, $labelInfos: [LabelInfoInput!]!) {
  addLabelsToIssues(input: { issueIds: $issueIds, labelInfos: $labelInfos }) { ${RESULT} }
}`,
  },
  removeLabels: {
    field: "removeLabelsFromIssues",
    document: `mutation removeLabelsFromIssues($issueIds: [ID!]!, $labelInfos: [LabelInfoInput!]!) {
  removeLabelsFromIssues(input: { issueIds: $issueIds, labelInfos: $labelInfos }) { ${RESULT} }
}`,
  },
  addAssignees: {
    field: "addAssigneesToIssues",
    document: `mutation addAssigneesToIssues($issueIds: [ID!]!, $assigneeLogins: [String!]!) {
  addAssigneesToIssues(input: { issueIds: $issueIds, assigneeLogins: $assigneeLogins }) { ${RESULT} }
}`,
  },
  removeAssignees: {
    field: "removeAssigneesFromIssues",
    document: `mutation removeAssigneesFromIssues($issueIds: [ID!]!, $assigneeLogins: [String!]!) {
  removeAssigneesFromIssues(input: { issueIds: $issueIds, assigneeLogins: $assigneeLogins }) { ${RESULT} }
}`,
  },
  milestone: {
    field: "setIssuesMilestone",
    document: `mutation setIssuesMilestone($issueIds: [ID!]!, $milestoneNumber: Int) {
  setIssuesMilestone(input: { issueIds: $issueIds, milestoneNumber: $milestoneNumber }) { ${RESULT} }
}`,
  },
  close: {
    field: "closeIssues",
    document: `mutation closeIssues($issueIds: [ID!]!) { closeIssues(input: { issueIds: $issueIds }) { ${RESULT} } }`,
  },
  estimate: {
    field: "setMultipleEstimates",
    document: `mutation setMultipleEstimates($issueIds: [ID!]!, $value: Float) {
  setMultipleEstimates(input: { issueIds: $issueIds, value: $value }) { ${RESULT} }
}`,
  },
  addToSprints: {
    field: "addIssuesToSprints",
    document: `mutation addIssuesToSprints($issueIds: [ID!]!, $sprintIds: [ID!]!) {
  addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { ${RESULT} }
}`,
  },
  removeFromSprints: {
    field: "removeIssuesFromSprints",
    document: `mutation removeIssuesFromSprints($issueIds: [ID!]!, $sprintIds: [ID!]!) {
  removeIssuesFromSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { ${RESULT} }
}`,
  },
  addToEpics: {
    field: "addIssuesToGantryEpics",
    document: `mutation addIssuesToGantryEpics($issueIds: [ID!]!, $gantryEpicIds: [ID!]!) {
  addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $gantryEpicIds }) { ${RESULT} }
}`,
  },
  removeFromEpics: {
    field: "removeIssuesFromGantryEpics",
    document: `mutation removeIssuesFromGantryEpics($issueIds: [ID!]!, $gantryEpicIds: [ID!]!) {
  removeIssuesFromGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $gantryEpicIds }) { ${RESULT} }
}`,
  },
};

const DELETE_ISSUE = `mutation deleteGantryIssue($issueId: ID!) { deleteGantryIssue(input: { issueId: $issueId }) { issueId } }`;

function variablesOf(action: Exclude<BulkAction, { kind: "delete" }>, workspaceId: string): Record<string, unknown> {
  switch (action.kind) {
    case "move":
      return { pipelineId: action.pipelineId, position: action.position, workspaceId };
    case "addLabels":
    case "removeLabels":
      return { labelInfos: action.labels.map((name) => ({ name })) };
    case "addAssignees":
    case "removeAssignees":
      return { assigneeLogins: action.logins };
    case "milestone":
      return { milestoneNumber: action.milestoneNumber };
    case "close":
      return {};
    case "estimate":
      return { value: action.value };
    case "addToSprints":
    case "removeFromSprints":
      return { sprintIds: action.sprintIds };
    case "addToEpics":
    case "removeFromEpics":
      return { gantryEpicIds: action.gantryEpicIds };
  }
}

/** Sends a bulk action for some issues and answers the server's successCount and githubErrors. */
export function useBulkRequest(workspaceId: string) {
  const request = useGraphQL();
  return useCallback(
    async (action: BulkAction, issueIds: string[]): Promise<BulkAnswer> => {
      if (action.kind === "delete") {
        // The server deletes one native issue per call; each failure is that issue's own.
        const answer: BulkAnswer = { successCount: 0, githubErrors: {} };
        for (const issueId of issueIds) {
          try {
            await request(DELETE_ISSUE, { issueId });
            answer.successCount += 1;
          } catch (error) {
            answer.githubErrors[issueId] = error instanceof Error ? error.message : String(error);
          }
        }
        return answer;
      }
      const { field, document } = DOCUMENTS[action.kind];
      const answer = await request<Record<string, BulkAnswer>>(document, {
        issueIds,
        ...variablesOf(action, workspaceId),
      });
      const result = answer[field];
      if (!result) throw new Error("The server answered without a result.");
      return result;
    },
    [request, workspaceId],
  );
}
