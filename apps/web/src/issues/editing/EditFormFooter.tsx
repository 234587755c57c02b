import { FormActions } from "../../ui/FormActions";
import form from "../../ui/form.module.css";

interface EditFormFooterProps {
  /** Why the last save failed, announced; `errorId` lets the edited field point at it. */
  error: string | null;
  errorId?: string;
  saving: boolean;
  /** The submit button's words while not saving. */
  submitText?: string;
  /** Leaves the form; a form that cannot be left (a new comment) has no Cancel. */
  onCancel?: () => void;
}

/** The end of an issue's title, description or comment form: the error, Cancel and the submit button. */
export function EditFormFooter({ error, errorId, saving, submitText = "Save", onCancel }: EditFormFooterProps) {
  return (
    <>
      {error ? (
        <p id={errorId} className={form.smallError} role="alert">
          {error}
        </p>
      ) : null}
      <FormActions submitText={saving ? "Saving…" : submitText} onCancel={onCancel} disabled={saving} />
    </>
  );
}
