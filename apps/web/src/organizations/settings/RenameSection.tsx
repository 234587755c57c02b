import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Field } from "../../accounts/Field";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { Panel } from "../../ui/Panel";
import { ORGANIZATION_NAME_HINT } from "../CreateOrganizationForm";
import { organizationSettingsPath } from "../organization-list";
import { type OrganizationSettings, useRenameOrganization } from "./api";
import styles from "./settings.module.css";

export function RenameSection({ organization }: { organization: OrganizationSettings }) {
  const [name, setName] = useState(organization.name);
  const rename = useRenameOrganization();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { organizationId: organization.id, name: name.trim() },
      {
        // The page's address is the name, so it moves with it.
        onSuccess: (data) =>
          navigate(organizationSettingsPath(data.updateGantryOrganization.gantryOrganization.name), { replace: true }),
      },
    );
  };

  return (
    <Panel title="Organization name">
      <form className={styles.inviteForm} onSubmit={submit} noValidate>
        <Field
          label="Name"
          hint={ORGANIZATION_NAME_HINT}
          invalid={rename.isError}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={rename.isPending || name.trim() === "" || name.trim() === organization.name}
        >
          {rename.isPending ? "Renaming…" : "Rename"}
        </Button>
      </form>
      <FormError>{rename.error?.message}</FormError>
    </Panel>
  );
}
