import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { AuthLayout, FormMessage } from "./AuthLayout";
import styles from "./AuthPage.module.css";
import { authCall } from "./api";
import { EmailField } from "./Field";
import { useNavigationState } from "./navigation";

export function ForgotPasswordPage() {
  const state = useNavigationState<{ email?: string }>();
  const [email, setEmail] = useState(state.email ?? "");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await authCall("password-reset-email", { email: email.trim() });
    setFailed(!answer.ok);
    setSentTo(answer.ok ? email.trim() : null);
  };

  return (
    <AuthLayout
      title="Reset your password"
      lead="Enter your account's email and we'll send you a link to choose a new password."
    >
      <FormMessage kind="success">
        {sentTo ? `If an account exists for ${sentTo}, we've sent it a link to reset the password.` : null}
      </FormMessage>
      <FormMessage kind="error">{failed ? "Something went wrong, please try again" : null}</FormMessage>
      <form className={form.form} onSubmit={submit} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" variant="primary" disabled={!email.trim()}>
          Send reset link
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthLayout>
  );
}
