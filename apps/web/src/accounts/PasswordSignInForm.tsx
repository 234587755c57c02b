import type { FormEvent } from "react";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { EmailField, Field } from "./Field";

interface PasswordSignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  /** The button's words, and what it says while the sign-in is on its way. */
  action: { idle: string; busy: string };
}

/** Email and password with one submit button: the site's login and the extension's sign-in. */
export function PasswordSignInForm({
  email,
  onEmailChange,
  password,
  onPasswordChange,
  onSubmit,
  busy,
  action,
}: PasswordSignInFormProps) {
  return (
    <form className={form.form} onSubmit={onSubmit} noValidate>
      <EmailField value={email} onChange={onEmailChange} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={busy || !email || !password}>
        {busy ? action.busy : action.idle}
      </Button>
    </form>
  );
}
