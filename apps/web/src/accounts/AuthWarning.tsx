import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import styles from "./AuthPage.module.css";
import { useAuth } from "./auth-context";

/** Shown when the session ended (a 401) or the user could not be loaded; "Sign in again" starts over. */
export function AuthWarning() {
  const { state, signInAgain } = useAuth();
  const { productName } = useRuntimeConfig();
  // The user load's special errors have their own page (WorkspaceAuthFailedPage).
  const message =
    state.status === "load-failed"
      ? `${productName} could not load your account. Check your connection, then sign in again.`
      : "Your session has ended. Please sign in to continue.";
  return (
    <main className={styles.page}>
      <section className={styles.card} role="alert">
        <h1 className={styles.title}>Sign in to continue</h1>
        <p className={styles.lead}>{message}</p>
        <Button variant="primary" onClick={() => void signInAgain()}>
          Sign in again
        </Button>
      </section>
    </main>
  );
}
