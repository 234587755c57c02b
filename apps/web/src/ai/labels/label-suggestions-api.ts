import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GraphQLRequestError } from "../../api/graphql";
import { useGraphQL } from "../../api/use-graphql";

/** A label the workspace's classifier is confident fits the issue (server: SuggestedLabel). */
export interface SuggestedLabel {
  name: string;
  color: string | null;
  confidence: number;
}

const SUGGESTED_LABELS = `query suggestedLabels($workspaceId: ID!, $issueId: ID!) {
  suggestedLabels(workspaceId: $workspaceId, issueId: $issueId) { name color confidence }
}`;

const DISMISS = `mutation dismissLabelSuggestion($issueId: ID!, $labelName: String!) {
  dismissLabelSuggestion(input: { issueId: $issueId, labelName: $labelName }) { issue { id } }
}`;

/** Keyed by the issue's text too, so an edit to the title or description asks again. */
export const suggestedLabelsKey = (workspaceId: string, issueId: string, text?: string) =>
  text === undefined ? ["suggestedLabels", workspaceId, issueId] : ["suggestedLabels", workspaceId, issueId, text];

export function useSuggestedLabels(workspaceId: string, issueId: string, text: string, enabled: boolean) {
  const request = useGraphQL();
  return useQuery<SuggestedLabel[], GraphQLRequestError>({
    queryKey: suggestedLabelsKey(workspaceId, issueId, text),
    queryFn: async () =>
      (await request<{ suggestedLabels: SuggestedLabel[] }>(SUGGESTED_LABELS, { workspaceId, issueId }))
        .suggestedLabels,
    enabled,
    // Suggestions change only when the issue or the workspace's labels do; no need to ask on every focus.
    staleTime: 60_000,
  });
}

/** Turns a suggestion down for this issue; it leaves the list at once and comes back if the server refuses. */
export function useDismissLabelSuggestion(workspaceId: string, issueId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const key = suggestedLabelsKey(workspaceId, issueId);
  return useMutation<unknown, GraphQLRequestError, string, { before: [readonly unknown[], unknown][] }>({
    mutationFn: (labelName) => request(DISMISS, { issueId, labelName }),
    onMutate: async (labelName) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData({ queryKey: key });
      queryClient.setQueriesData<SuggestedLabel[]>({ queryKey: key }, (list) =>
        list?.filter((label) => label.name !== labelName),
      );
      return { before };
    },
    onError: (_error, _labelName, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
  });
}

const DRAFT_SUGGESTIONS = `query suggestedLabelsForDraft($workspaceId: ID!, $title: String!, $body: String, $labels: [String!]) {
  suggestedLabelsForDraft(workspaceId: $workspaceId, title: $title, body: $body, labels: $labels) { name color confidence }
}`;

/** Suggestions for an issue being written; `labels` (already chosen) are not suggested again. */
export function useDraftLabelSuggestions(
  workspaceId: string,
  draft: { title: string; body: string; labels: string[] },
  enabled: boolean,
) {
  const request = useGraphQL();
  return useQuery<SuggestedLabel[], GraphQLRequestError>({
    queryKey: ["suggestedLabelsForDraft", workspaceId, draft.title, draft.body, draft.labels],
    queryFn: async () =>
      (
        await request<{ suggestedLabelsForDraft: SuggestedLabel[] }>(DRAFT_SUGGESTIONS, {
          workspaceId,
          title: draft.title,
          body: draft.body || null,
          labels: draft.labels,
        })
      ).suggestedLabelsForDraft,
    enabled,
    staleTime: 60_000,
    // While the next text's answer comes, the chips of the last one stay rather than blinking away.
    placeholderData: (previous) => previous,
  });
}
