import { type ReactNode, useId } from "react";
import form from "./form.module.css";

/** What a form row hands its control so the label, help and error belong to it. */
export interface FormRowControl {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": boolean;
}

interface FormRowProps {
  label: ReactNode;
  /** Renders the input, select or textarea with the props that tie it to the row. */
  children: (control: FormRowControl) => ReactNode;
  help?: ReactNode;
  /** Shown under the control and announced; the control is marked invalid while it is there. */
  error?: ReactNode;
  /** `inline` puts the label beside the control, as filters above a table do. */
  layout?: "stacked" | "inline";
  className?: string;
}

/** A label, its control, a line of help and the control's error. */
export function FormRow({ label, children, help, error, layout = "stacked", className }: FormRowProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[layout === "inline" ? form.inlineField : form.field, className].filter(Boolean).join(" ")}>
      <label className={layout === "inline" ? undefined : form.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": Boolean(error) })}
      {help ? (
        <p id={helpId} className={form.hint}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={form.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
