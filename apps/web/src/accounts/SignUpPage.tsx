import { isValidEmail, isValidPassword, loginErrorMessage, PASSWORD_RULES_TEXT, SERVER_TEXT } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ContinueWithGitHubSection } from "../github/ContinueWithGitHubForm";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { AuthLayout, FormMessage } from "./AuthLayout";
import styles from "./AuthPage.module.css";
import { authCall, type SignUpAnswer } from "./api";
import { useAuth } from "./auth-context";
import { EmailField, PasswordField } from "./Field";

/** UTM parameters of the page the person arrived on, for the team's own attribution. */
function utmParams(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...search.entries()].filter(([key]) => key.startsWith("utm_")));
}

function hubspotUtk(): string | undefined {
  return document.cookie.match(/(?:^|;\s*)hubspotutk=([^;]+)/)?.[1];
}

/** What a refused sign-up shows: the rules for a weak password, else the §8 login messages. */
function signUpErrors(answer: { error: string | undefined; errors?: string[] }): string[] {
  if (answer.error === SERVER_TEXT.invalidPassword) return [PASSWORD_RULES_TEXT];
  if (answer.error === SERVER_TEXT.invalidEmail) return ["Enter a valid email address"];
  return (answer.errors ?? [answer.error]).map((text) => loginErrorMessage(text));
}

export function SignUpPage() {
  const [search] = useSearchParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Signing up through an invitation joins its organisation; logging in instead comes back to accept it.
  const inviteToken = search.get("invite") ?? undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setErrors(["Enter a valid email address"]);
    if (!isValidPassword(password)) return setErrors([PASSWORD_RULES_TEXT]);
    setBusy(true);
    const answer = await authCall<SignUpAnswer & { errors?: string[] }>("signup", {
      email: email.trim(),
      password,
      hubspotUtk: hubspotUtk(),
      utmParams: utmParams(search),
      inviteToken,
    });
    setBusy(false);
    if (!answer.ok) return setErrors(signUpErrors(answer));
    if (answer.data.authenticated && answer.data.token) {
      await auth.signIn(answer.data.token);
      navigate("/landing", { replace: true });
    } else {
      navigate("/verify-email", { state: { signupEmail: email.trim() } });
    }
  };

  return (
    <AuthLayout title="Create your account">
      {errors.map((error) => (
        <FormMessage key={error} kind="error">
          {error}
        </FormMessage>
      ))}
      <ContinueWithGitHubSection />
      <form className={form.form} onSubmit={submit} noValidate>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          autoComplete="new-password"
          required
          hint={PASSWORD_RULES_TEXT}
          invalid={errors.includes(PASSWORD_RULES_TEXT)}
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Creating your account…" : "Sign up"}
        </Button>
      </form>
      <div className={styles.links}>
        <span>
          Already have an account?{" "}
          <Link
            to="/login"
            state={inviteToken ? { from: `/invite?token=${encodeURIComponent(inviteToken)}` } : undefined}
          >
            Log in
          </Link>
        </span>
      </div>
    </AuthLayout>
  );
}
