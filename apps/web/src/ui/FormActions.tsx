import type { ReactNode } from "react";
import { Button } from "./Button";
import form from "./form.module.css";

interface FormActionsProps {
  /** The submit button's words ("Create epic", "Saving…"). */
  submitText: ReactNode;
  /** Leaves the form; a form that cannot be left has no Cancel. */
  onCancel?: () => void;
  /** Holds the submit button back: while the form is saved, or until it can be sent. */
  disabled?: boolean;
  /** The submit button warns: what it does cannot be undone (deleting). */
  danger?: boolean;
  cancelText?: string;
}

/** The end of a form: Cancel, then the submit button, at the far end of the line. */
export function FormActions({
  submitText,
  onCancel,
  disabled,
  danger = false,
  cancelText = "Cancel",
}: FormActionsProps) {
  return (
    <div className={form.actions}>
      {onCancel ? <Button onClick={onCancel}>{cancelText}</Button> : null}
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={disabled}>
        {submitText}
      </Button>
    </div>
  );
}
