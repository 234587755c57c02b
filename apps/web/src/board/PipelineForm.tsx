import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { stack } from "../ui/stack";
import styles from "./PipelineEditing.module.css";
import { errorMessage, fieldOf } from "./pipeline-editing";

export interface PipelineFormValues {
  name: string;
  description: string;
}

interface PipelineFormProps {
  /** Names the form for screen readers, e.g. "Add a pipeline". */
  label: string;
  initial: PipelineFormValues;
  submitText: string;
  /** Which field takes the focus when the form opens. */
  focus?: keyof PipelineFormValues;
  /** Saves; a refusal is shown in the form, beside the field the server named. */
  onSubmit: (values: PipelineFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A pipeline's name and description: Enter saves, Escape cancels. */
export function PipelineForm({ label, initial, submitText, focus = "name", onSubmit, onCancel }: PipelineFormProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setError({ field: "name", message: "Give the pipeline a name." });
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (caught) {
      setError({ field: fieldOf(caught), message: errorMessage(caught) });
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onCancel();
  };
  const errorFor = (field: string | null) =>
    error && (error.field === field || (field === "name" && error.field !== "description")) ? (
      <p id={`${id}-${field}-error`} className={form.smallError}>
        {error.message}
      </p>
    ) : null;
  const describedBy = (field: string) => (errorFor(field) ? `${id}-${field}-error` : undefined);

  return (
    <form className={`${form.form} ${form.compact}`} aria-label={label} onSubmit={submit} onKeyDown={onKeyDown}>
      <label className={`${form.field} ${styles.field}`}>
        <span className={styles.fieldLabel}>Name</span>
        <input
          className={form.input}
          value={values.name}
          // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to type here.
          autoFocus={focus === "name"}
          maxLength={100}
          aria-invalid={errorFor("name") ? true : undefined}
          aria-describedby={describedBy("name")}
          onChange={(event) => {
            setValues({ ...values, name: event.target.value });
            setError(null);
          }}
        />
      </label>
      {errorFor("name")}
      <label className={`${form.field} ${styles.field}`}>
        <span className={styles.fieldLabel}>
          Description <span className={styles.optional}>(optional)</span>
        </span>
        <input
          className={form.input}
          value={values.description}
          // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to type here.
          autoFocus={focus === "description"}
          maxLength={1000}
          aria-invalid={errorFor("description") ? true : undefined}
          aria-describedby={describedBy("description")}
          onChange={(event) => {
            setValues({ ...values, description: event.target.value });
            setError(null);
          }}
        />
      </label>
      {errorFor("description")}
      <div className={stack({ justify: "end" })}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
