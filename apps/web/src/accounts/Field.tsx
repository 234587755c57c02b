import { type InputHTMLAttributes, useId } from "react";
import form from "../ui/form.module.css";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  invalid?: boolean;
}

export function Field({ label, hint, invalid = false, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={form.input}
        aria-invalid={invalid}
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={form.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The email field every account page asks for, its value held by the page. */
export function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <Field
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface PasswordFieldProps {
  label?: string;
  /** The form field's name, where the form is posted as it is (a directory's sign-in). */
  name?: string;
  /** `current-password` to sign in; `new-password` to choose one, so a password manager offers to make it up. */
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (password: string) => void;
  required?: boolean;
  hint?: string;
  invalid?: boolean;
}

/** A password field, its value held by the page. */
export function PasswordField({ label = "Password", onChange, ...field }: PasswordFieldProps) {
  return <Field label={label} type="password" onChange={(event) => onChange(event.target.value)} {...field} />;
}
