import { useId } from "react";
import { Field } from "../accounts/Field";
import styles from "../ui/form.module.css";

export interface WorkspaceFieldValues {
  name: string;
  description: string;
  private: boolean;
}

interface WorkspaceFieldsProps {
  values: WorkspaceFieldValues;
  onChange: (values: WorkspaceFieldValues) => void;
}

/** Name, description and privacy: the fields creating and editing a workspace share. */
export function WorkspaceFields({ values, onChange }: WorkspaceFieldsProps) {
  const descriptionId = useId();
  const privateHintId = useId();
  return (
    <>
      <Field
        label="Workspace name"
        required
        maxLength={100}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={descriptionId}>
          Description (optional)
        </label>
        <textarea
          id={descriptionId}
          className={styles.textarea}
          maxLength={1000}
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
        />
      </div>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.private}
          aria-describedby={privateHintId}
          onChange={(event) => onChange({ ...values, private: event.target.checked })}
        />
        <span>
          Private workspace
          <span id={privateHintId} className={styles.hint}>
            {" "}
            — only people given a role in it, and organization admins, can open it.
          </span>
        </span>
      </label>
    </>
  );
}
