import { type FormEvent, useState } from "react";
import { Button } from "../ui/Button";
import styles from "../ui/form.module.css";
import { Panel } from "../ui/Panel";
import { useUpdateWorkspace, type WorkspaceDetails } from "./api";
import { WorkspaceFields, type WorkspaceFieldValues } from "./WorkspaceFields";

export function WorkspaceDetailsForm({ workspace }: { workspace: WorkspaceDetails }) {
  const [values, setValues] = useState<WorkspaceFieldValues>({
    name: workspace.name,
    description: workspace.description ?? "",
    private: workspace.private,
  });
  const [pipelineLabelSync, setPipelineLabelSync] = useState(workspace.pipelineLabelSync);
  const update = useUpdateWorkspace(workspace.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ workspaceId: workspace.id, ...values, name: values.name.trim(), pipelineLabelSync });
  };

  return (
    <Panel frame="plain" title="Details">
      <form className={styles.form} onSubmit={submit} noValidate>
        <WorkspaceFields
          values={values}
          onChange={(next) => {
            update.reset();
            setValues(next);
          }}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={pipelineLabelSync}
            onChange={(event) => {
              update.reset();
              setPipelineLabelSync(event.target.checked);
            }}
          />
          Show each issue's pipeline on GitHub as a "pipeline: …" label
        </label>
        <p className={styles.hint}>
          The plan stays visible on GitHub itself, and adding such a label there moves the issue here.
        </p>
        {update.error ? (
          <p className={styles.error} role="alert">
            {update.error.message}
          </p>
        ) : null}
        {update.isSuccess ? <p role="status">Saved</p> : null}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={update.isPending || values.name.trim() === ""}>
            {update.isPending ? "Saving…" : "Save changes"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
