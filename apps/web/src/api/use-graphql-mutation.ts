import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { GraphQLRequestError } from "./graphql";
import { useGraphQL } from "./use-graphql";

/**
 * A mutation through the signed-in session. On success the queries under `invalidates` are
 * read again before the mutation settles, so the page never shows what the server just changed.
 */
export function useGraphQLMutation<Data, Variables extends Record<string, unknown>>(
  document: string,
  invalidates: readonly QueryKey[] = [],
) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMutation<Data, GraphQLRequestError, Variables>({
    mutationFn: (variables) => request<Data>(document, variables),
    onSuccess: async () => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
