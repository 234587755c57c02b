import { loginErrorMessage, SERVER_TEXT } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { gitHubSignInErrorMessage } from "../github/auth-complete";
import { Button } from "../ui/Button";
import { AuthLayout, FormMessage } from "./AuthLayout";
import styles from "./AuthPage.module.css";
import { authCall, type LoginAnswer } from "./api";
import { useAuth } from "./auth-context";
import { LoginPageProviders } from "./LoginPageProviders";
import { type LoginState, useNavigationState } from "./navigation";
import { PasswordSignInForm, useCredentials } from "./PasswordSignInForm";

export const LOGIN_NOTICES = {
  accountUnlocked: "Your account has been unlocked. You can log in now.",
  accountUnlockFailed: "We couldn't unlock your account: the link is invalid or has expired.",
  passwordReset: "Your password has been changed. Log in with your new password.",
  unlockLinkSent: "If your account is locked, we've sent you a new unlock link.",
};

export function LoginPage() {
  const state = useNavigationState<LoginState>();
  const auth = useAuth();
  const navigate = useNavigate();
  // A failed provider sign-in (GitHub, Google, Entra, LDAP, SAML) comes back here with the server's text.
  const [search] = useSearchParams();
  const gitHubError = search.get("authError");
  const credentials = useCredentials(state.email ?? "");
  const { email, password } = credentials;
  const [serverText, setServerText] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const [unlockLinkSent, setUnlockLinkSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await authCall<LoginAnswer>("login", { email, password });
    setBusy(false);
    if (answer.ok) {
      await auth.signIn(answer.data.token);
      navigate(state.from ?? "/landing", { replace: true });
      return;
    }
    setFailed(true);
    setServerText(answer.error);
  };

  const sendUnlockLink = async () => {
    await authCall("unlock-token", { email });
    setUnlockLinkSent(true);
  };

  const notice = state.accountUnlocked
    ? LOGIN_NOTICES.accountUnlocked
    : state.passwordReset
      ? LOGIN_NOTICES.passwordReset
      : null;

  return (
    <AuthLayout title="Log in">
      <FormMessage kind="success">{failed ? null : notice}</FormMessage>
      {state.accountUnlockFailed && !failed ? (
        <FormMessage kind="error">
          {LOGIN_NOTICES.accountUnlockFailed}{" "}
          {email ? (
            <Button variant="inline" onClick={() => void sendUnlockLink()}>
              Send a new unlock link
            </Button>
          ) : null}
        </FormMessage>
      ) : null}
      <FormMessage kind="notice">{unlockLinkSent ? LOGIN_NOTICES.unlockLinkSent : null}</FormMessage>
      <FormMessage kind="error">
        {failed ? loginErrorMessage(serverText) : gitHubError ? gitHubSignInErrorMessage(gitHubError) : null}
      </FormMessage>
      {failed && serverText === SERVER_TEXT.unconfirmedEmail ? (
        <Link to="/verify-email" state={{ signupEmail: email }}>
          Resend the verification email
        </Link>
      ) : null}
      <LoginPageProviders {...(state.from ? { returnTo: state.from } : {})} />
      <PasswordSignInForm
        credentials={credentials}
        onSubmit={submit}
        busy={busy}
        action={{ idle: "Log in", busy: "Logging in…" }}
      />
      <div className={styles.links}>
        <Link to="/forgot-password" state={{ email }}>
          Forgot your password?
        </Link>
        <Link to="/signup">Create an account</Link>
      </div>
    </AuthLayout>
  );
}
