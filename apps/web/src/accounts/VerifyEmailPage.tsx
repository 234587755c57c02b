import { VERIFY_EMAIL_MESSAGES } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { AuthLayout, FormMessage } from "./AuthLayout";
import { authCall } from "./api";
import { EmailField } from "./Field";
import { useNavigationState, type VerifyEmailState } from "./navigation";
import { useRunOnce } from "./use-run-once";

const KNOWN_VERIFY_ERRORS: readonly string[] = Object.values(VERIFY_EMAIL_MESSAGES);

type Verification =
  | { state: "idle" }
  | { state: "verifying" }
  | { state: "verified" }
  | { state: "failed"; message: string };

/**
 * /verify-email: after sign-up (navigation state `signupEmail`) it asks the person to check
 * their inbox; opened from the mailed link it verifies, and either way it offers a resend.
 */
export function VerifyEmailPage() {
  const { signupEmail } = useNavigationState<VerifyEmailState>();
  const [search] = useSearchParams();
  const linkEmail = search.get("email");
  const linkToken = search.get("token");
  const [email, setEmail] = useState(signupEmail ?? linkEmail ?? "");
  const [verification, setVerification] = useState<Verification>({ state: linkToken ? "verifying" : "idle" });
  const [resent, setResent] = useState<{ ok: boolean; message: string } | null>(null);

  useRunOnce(() => {
    if (!linkEmail || !linkToken) return;
    void authCall("verify-email", { email: linkEmail, token: linkToken }).then((answer) => {
      if (answer.ok) return setVerification({ state: "verified" });
      const message =
        answer.error && KNOWN_VERIFY_ERRORS.includes(answer.error) ? answer.error : VERIFY_EMAIL_MESSAGES.unknown;
      setVerification({ state: "failed", message });
    });
  });

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await authCall("resend-verification-email", { email: email.trim() });
    // SPEC §8: the server's error field is shown as it is.
    setResent(
      answer.ok
        ? { ok: true, message: `We've sent a new verification email to ${email.trim()}.` }
        : { ok: false, message: answer.error ?? VERIFY_EMAIL_MESSAGES.unknown },
    );
  };

  if (verification.state === "verified") {
    return (
      <AuthLayout title="Your email is verified">
        <FormMessage kind="success">Thanks for confirming your email address. You can log in now.</FormMessage>
        <Link to="/login" state={{ email: linkEmail ?? "" }}>
          Log in
        </Link>
      </AuthLayout>
    );
  }

  const alreadyVerified =
    verification.state === "failed" && verification.message === VERIFY_EMAIL_MESSAGES.alreadyVerified;
  return (
    <AuthLayout
      title={verification.state === "idle" ? "Check your inbox" : "Verify your email"}
      lead={
        verification.state === "idle" && signupEmail
          ? `We sent a verification link to ${signupEmail}. Open it to finish signing up.`
          : undefined
      }
    >
      {verification.state === "verifying" ? <FormMessage kind="notice">Verifying your email…</FormMessage> : null}
      {verification.state === "failed" ? <FormMessage kind="error">{verification.message}</FormMessage> : null}
      {alreadyVerified ? (
        <Link to="/login" state={{ email }}>
          Log in
        </Link>
      ) : (
        <form className={form.form} onSubmit={resend} noValidate>
          {resent ? <FormMessage kind={resent.ok ? "success" : "error"}>{resent.message}</FormMessage> : null}
          <EmailField value={email} onChange={setEmail} />
          <Button type="submit" disabled={!email.trim()}>
            Resend verification email
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
