import { type FormEvent, useState } from "react";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { EmailField, PasswordField } from "./Field";

/** What a sign-in page holds while someone types: the page reads the email for its links too. */
export interface Credentials {
  email: string;
  setEmail: (email: string) => void;
  password: string;
  setPassword: (password: string) => void;
}

export function useCredentials(initialEmail = ""): Credentials {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  return { email, setEmail, password, setPassword };
}

interface PasswordSignInFormProps {
  credentials: Credentials;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  /** The button's words, and what it says while the sign-in is on its way. */
  action: { idle: string; busy: string };
}

/** Email and password with one submit button: the site's login and the extension's sign-in. */
export function PasswordSignInForm({ credentials, onSubmit, busy, action }: PasswordSignInFormProps) {
  const { email, setEmail, password, setPassword } = credentials;
  return (
    <form className={form.form} onSubmit={onSubmit} noValidate>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField autoComplete="current-password" required value={password} onChange={setPassword} />
      <Button type="submit" variant="primary" disabled={busy || !email || !password}>
        {busy ? action.busy : action.idle}
      </Button>
    </form>
  );
}
