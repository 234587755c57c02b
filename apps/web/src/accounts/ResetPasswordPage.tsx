import {
  isValidPassword,
  PASSWORD_RULES_TEXT,
  RESET_PASSWORD_MESSAGES,
  RESET_PASSWORD_PAGE_MARKER,
} from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { AuthLayout, FormMessage } from "./AuthLayout";
import styles from "./AuthPage.module.css";
import { authCall } from "./api";
import { PasswordField } from "./Field";

/** The same checks the server makes, in the same order, so the message is the same either way. */
function checkReset(token: string, password: string, confirmation: string): string | null {
  if (!token.trim()) return RESET_PASSWORD_MESSAGES.blankToken;
  if (password !== confirmation) return RESET_PASSWORD_MESSAGES.confirmationMismatch;
  if (!isValidPassword(password)) return PASSWORD_RULES_TEXT;
  return null;
}

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get("email") ?? "";
  const token = search.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkReset(token, password, confirmation);
    if (problem) return setError(problem);
    const answer = await authCall("reset-password", {
      email,
      resetPasswordToken: token,
      password,
      passwordConfirmation: confirmation,
    });
    if (!answer.ok) return setError(answer.error ?? "Something went wrong, please try again");
    navigate("/login", { replace: true, state: { email, passwordReset: true } });
  };

  return (
    <AuthLayout title="Choose a new password" pageMarker={RESET_PASSWORD_PAGE_MARKER}>
      <FormMessage kind="error">{error}</FormMessage>
      <form className={form.form} onSubmit={submit} noValidate>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={PASSWORD_RULES_TEXT}
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
        />
        <Button type="submit" variant="primary">
          Change password
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/forgot-password" state={{ email }}>
          Request a new link
        </Link>
      </div>
    </AuthLayout>
  );
}
