import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../ui/Button";
import { ConfirmationDialog } from "../ui/dialog/ConfirmationDialog";
import styles from "../ui/form.module.css";
import { Panel } from "../ui/Panel";
import { useToasts } from "../ui/toast/toast-context";
import { useDeleteWorkspace, type WorkspaceDetails } from "./api";

export function DeleteWorkspace({ workspace }: { workspace: WorkspaceDetails }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const toasts = useToasts();

  const confirm = () => {
    setConfirming(false);
    remove.mutate(
      { workspaceId: workspace.id },
      {
        onSuccess: () => {
          toasts.show({ kind: "success", message: `${workspace.name} was deleted` });
          navigate("/landing", { replace: true });
        },
      },
    );
  };

  return (
    <Panel
      frame="plain"
      title="Delete workspace"
      description="Deleting removes the workspace and its pipelines for everyone."
    >
      {remove.error ? (
        <p className={styles.error} role="alert">
          {remove.error.message}
        </p>
      ) : null}
      <div>
        <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          Delete workspace
        </Button>
      </div>
      {confirming ? (
        <ConfirmationDialog
          title={`Delete ${workspace.name}?`}
          body="This deletes the workspace and its pipelines for everyone in it. It cannot be undone."
          confirmText="Delete workspace"
          danger
          typeToConfirm={{ answer: workspace.name, label: <>Type {workspace.name} to confirm</> }}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Panel>
  );
}
