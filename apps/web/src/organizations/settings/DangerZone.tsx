import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import { FormError } from "../../ui/FormError";
import list from "../../ui/list.module.css";
import { Panel } from "../../ui/Panel";
import { Toolbar } from "../../ui/Toolbar";
import { type OrganizationSettings, useDeleteOrganization } from "./api";
import styles from "./settings.module.css";

/** Deleting the organisation (owners only), behind a type-to-confirm dialog. */
export function DangerZone({ organization }: { organization: OrganizationSettings }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOrganization();
  const navigate = useNavigate();

  const confirm = () => {
    setConfirming(false);
    remove.mutate({ organizationId: organization.id }, { onSuccess: () => navigate("/landing", { replace: true }) });
  };

  return (
    <Panel title="Danger zone" tone="danger">
      <Toolbar>
        <span className={list.rowMain}>
          <span className={styles.rowTitle}>Delete this organization</span>
          <span className={list.meta}>Its workspaces, members and invitations go with it. This cannot be undone.</span>
        </span>
        <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          Delete organization
        </Button>
      </Toolbar>
      <FormError>{remove.error?.message}</FormError>
      {confirming ? (
        <ConfirmationDialog
          title={`Delete ${organization.name}?`}
          body="This deletes the organization with all its workspaces, members and invitations. It cannot be undone."
          details={<strong>{organization.name}</strong>}
          confirmText="Delete organization"
          danger
          typeToConfirm={{ answer: organization.name, label: <>Type {organization.name} to confirm</> }}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Panel>
  );
}
