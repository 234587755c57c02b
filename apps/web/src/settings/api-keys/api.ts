import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import { useGraphQLMutation } from "../../api/use-graphql-mutation";

export interface ApiKey {
  id: string;
  name: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The client address of that use (the server resolves it behind trusted proxies). */
  lastUsedIpAddress: string | null;
}

export const API_KEYS_KEY = ["api-keys"] as const;
/** The server's limit, repeated so the page can say so before anyone hits it. */
export const MAX_API_KEYS = 5;

export function useApiKeys() {
  const request = useGraphQL();
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: async () =>
      (
        await request<{ viewer: { apiKeys: ApiKey[] } }>(
          "query apiKeys { viewer { apiKeys { id name hint createdAt lastUsedAt lastUsedIpAddress } } }",
        )
      ).viewer.apiKeys,
  });
}

export function useCreateApiKey() {
  return useGraphQLMutation<{ createApiKey: { apiKey: ApiKey; secret: string } }, { name: string }>(
    "mutation createApiKey($name: String!) { createApiKey(input: { name: $name }) { apiKey { id name } secret } }",
    [API_KEYS_KEY],
  );
}

export function useRevokeApiKey() {
  return useGraphQLMutation<{ revokeApiKey: { apiKey: { id: string } } }, { id: string }>(
    "mutation revokeApiKey($id: ID!) { revokeApiKey(input: { apiKeyId: $id }) { apiKey { id } } }",
    [API_KEYS_KEY],
  );
}
