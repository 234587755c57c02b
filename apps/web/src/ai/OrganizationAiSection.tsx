import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import formStyles from "../ui/form.module.css";
import { Panel } from "../ui/Panel";
import { AI_ENABLED_KEY } from "./use-ai-available";

const ORGANIZATION_AI = `query organizationAiEnabled($id: ID!) { node(id: $id) { ... on GantryOrganization { aiEnabled } } }`;

const SET_AI = `mutation setGantryOrganizationAiEnabled($organizationId: ID!, $aiEnabled: Boolean!) {
  setGantryOrganizationAiEnabled(input: { gantryOrganizationId: $organizationId, aiEnabled: $aiEnabled }) {
    gantryOrganization { aiEnabled }
  }
}`;

/** Owners and admins switch AI features (acceptance criteria, label suggestions) on or off for everyone. */
export function OrganizationAiSection({ organizationId }: { organizationId: string }) {
  const request = useGraphQL();
  const current = useQuery({
    queryKey: [...AI_ENABLED_KEY, "organization", organizationId],
    queryFn: () => request<{ node: { aiEnabled: boolean } | null }>(ORGANIZATION_AI, { id: organizationId }),
  });
  const setAi = useGraphQLMutation<unknown, { organizationId: string; aiEnabled: boolean }>(SET_AI, [AI_ENABLED_KEY]);
  const enabled = current.data?.node?.aiEnabled;
  return (
    <Panel title="AI features">
      <label className={formStyles.checkbox}>
        <input
          type="checkbox"
          checked={enabled ?? false}
          disabled={enabled === undefined || setAi.isPending}
          onChange={(event) => setAi.mutate({ organizationId, aiEnabled: event.target.checked })}
        />
        Suggest acceptance criteria and labels with AI
      </label>
      <p className={formStyles.hint}>
        When off, no one in this organization sees AI suggestions, and no issue text is sent to an AI service or read by
        the label classifier. Each person can also turn suggestions off for themselves in the user menu.
      </p>
      {current.error || setAi.error ? (
        <p className={formStyles.error} role="alert">
          {(setAi.error ?? current.error)?.message}
        </p>
      ) : null}
    </Panel>
  );
}
