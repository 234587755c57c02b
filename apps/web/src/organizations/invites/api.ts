import { useQuery } from "@tanstack/react-query";
import { graphqlRequest } from "../../api/graphql";
import { useGraphQLMutation } from "../../api/use-graphql-mutation";
import { VIEWER_HOME_KEY } from "../api";

const VALIDATE_INVITE_TOKEN =
  "query validateZHOrgInviteToken($token: String!) { isGantryOrganizationInviteValid(token: $token) }";

/** SPEC §7 `validateZHOrgInviteToken`: public, and always asked of the server, never answered from a cache. */
export function useInviteTokenValidity(token: string) {
  return useQuery({
    queryKey: ["validateZHOrgInviteToken", token],
    queryFn: async () =>
      (await graphqlRequest<{ isGantryOrganizationInviteValid: boolean }>(VALIDATE_INVITE_TOKEN, { token }))
        .isGantryOrganizationInviteValid,
    enabled: token !== "",
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: "always",
    retry: false,
  });
}

export function useAcceptInvite() {
  return useGraphQLMutation<
    { acceptGantryOrganizationInvite: { gantryOrganization: { id: string; name: string } } },
    {
      token: string;
    }
  >(
    "mutation acceptGantryOrganizationInvite($token: String!) { acceptGantryOrganizationInvite(input: { token: $token }) { gantryOrganization { id name } } }",
    [VIEWER_HOME_KEY],
  );
}
