import { type FormEvent, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCreateWorkspace, type ViewerOrganization } from "../organizations/api";
import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import styles from "../ui/form.module.css";
import { SelectField } from "../ui/SelectField";
import { workspacePath, workspaceSettingsPath, ZENHUB_IMPORT_SETTINGS } from "./paths";
import { isSamlRequired, permissionsErrorState, WORKSPACE_PERMISSIONS_ERROR_PATH } from "./permissions-error-state";
import { WorkspaceFields, type WorkspaceFieldValues } from "./WorkspaceFields";

interface CreateWorkspaceDialogProps {
  organizations: ViewerOrganization[];
  defaultOrganizationId: string | null;
  onClose: () => void;
}

/** Creates a workspace in one of the viewer's organisations and opens it. */
export function CreateWorkspaceDialog({ organizations, defaultOrganizationId, onClose }: CreateWorkspaceDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [organizationId, setOrganizationId] = useState(defaultOrganizationId ?? organizations[0]?.id ?? "");
  const [values, setValues] = useState<WorkspaceFieldValues>({ name: "", description: "", private: false });
  const [fromZenhub, setFromZenhub] = useState(false);
  const create = useCreateWorkspace();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { organizationId, name: values.name.trim(), description: values.description, private: values.private },
      {
        onSuccess: (data) => {
          onClose();
          const created = data.createWorkspace.workspace.id;
          navigate(fromZenhub ? workspaceSettingsPath(created, ZENHUB_IMPORT_SETTINGS) : workspacePath(created));
        },
        // SPEC §6: a SAML-protected organisation closes the workspace form and shows the SAML state.
        onError: (error) => {
          if (!isSamlRequired(error)) return;
          onClose();
          navigate(WORKSPACE_PERMISSIONS_ERROR_PATH, { state: permissionsErrorState(error, location.pathname) });
        },
      },
    );
  };

  return (
    <Modal title="Create workspace" onDismiss={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <SelectField
          label="Organization"
          value={organizationId}
          choices={organizations.map((organization) => ({ value: organization.id, label: organization.name }))}
          onChange={setOrganizationId}
        />
        <WorkspaceFields values={values} onChange={setValues} />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={fromZenhub} onChange={(event) => setFromZenhub(event.target.checked)} />
          <span>Import its plan from ZenHub next</span>
        </label>
        {create.error && !isSamlRequired(create.error) ? (
          <p className={styles.error} role="alert">
            {create.error.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={create.isPending || values.name.trim() === "" || organizationId === ""}
          >
            {create.isPending ? "Creating…" : "Create workspace"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
