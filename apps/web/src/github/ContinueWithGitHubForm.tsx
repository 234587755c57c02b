import { CODE_HOST_NAME } from "@gantry/domain";
import { MarkGithubIcon } from "@primer/octicons-react";
import { Button, type ButtonVariant } from "../ui/Button";
import styles from "./github.module.css";

/** SPEC §7 "Provider sign-in": the code host's sign-in URL on this server. */
export const GITHUB_AUTH_PATH = "/gantry_users/auth/github";

interface ContinueWithGitHubFormProps {
  label?: string;
  /** The current session token: connects GitHub to this account instead of signing in. */
  linkToken?: string | null;
  /** Where to land after GitHub answers; the server keeps only paths inside the app. */
  returnTo?: string;
  variant?: ButtonVariant;
}

/**
 * SPEC §2 "continue with the code host" button: a full-page POST form, because GitHub's OAuth
 * web flow has to leave the app and come back through the server's callback.
 */
export function ContinueWithGitHubForm({
  label = `Continue with ${CODE_HOST_NAME}`,
  linkToken = null,
  returnTo,
  variant = "default",
}: ContinueWithGitHubFormProps) {
  return (
    <form method="post" action={GITHUB_AUTH_PATH} className={styles.providerForm}>
      {linkToken ? <input type="hidden" name="link_token" value={linkToken} /> : null}
      {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
      <Button type="submit" variant={variant}>
        <MarkGithubIcon aria-hidden />
        {label}
      </Button>
    </form>
  );
}

/** The sign-in pages' GitHub button, set apart from the email form below it. */
export function ContinueWithGitHubSection() {
  return (
    <>
      <ContinueWithGitHubForm />
      <p className={styles.divider}>or</p>
    </>
  );
}
