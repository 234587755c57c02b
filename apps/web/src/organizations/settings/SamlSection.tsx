import { FormError } from "../../ui/FormError";
import formStyles from "../../ui/form.module.css";
import { Panel } from "../../ui/Panel";
import { type OrganizationSettings, useSetSamlRequired } from "./api";

/** Owners choose whether members must sign in with SAML; owners themselves are never locked out. */
export function SamlSection({ organization }: { organization: OrganizationSettings }) {
  const setSamlRequired = useSetSamlRequired();
  return (
    <Panel title="Single sign-on">
      <label className={formStyles.checkbox}>
        <input
          type="checkbox"
          checked={organization.requireSaml}
          disabled={setSamlRequired.isPending}
          onChange={(event) =>
            setSamlRequired.mutate({ organizationId: organization.id, requireSaml: event.target.checked })
          }
        />
        Require SAML single sign-on for members
      </label>
      <p className={formStyles.hint}>
        Members who signed in another way are asked to sign in again with SAML. Owners keep access so the setting can
        always be changed.
      </p>
      <FormError>{setSamlRequired.error?.message}</FormError>
    </Panel>
  );
}
