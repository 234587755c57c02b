import { useCallback } from "react";
import { useAuth } from "../accounts/auth-context";
import { GraphQLRequestError, graphqlRequest } from "./graphql";

/**
 * GraphQL with the signed-in session. An UNAUTHENTICATED answer marks the session
 * unauthorised (SPEC §4: the auth warning asks to sign in again).
 */
export function useGraphQL() {
  const { state, markUnauthorised } = useAuth();
  const token = "token" in state ? state.token : null;
  return useCallback(
    async <Data>(query: string, variables: Record<string, unknown> = {}, sent?: Promise<Response>): Promise<Data> => {
      try {
        return await graphqlRequest<Data>(query, variables, token, sent);
      } catch (error) {
        if (error instanceof GraphQLRequestError && error.code === "UNAUTHENTICATED") markUnauthorised();
        throw error;
      }
    },
    [token, markUnauthorised],
  );
}
