import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import styles from "./Extension.module.css";

/** Inside GitHub's page there is no login form: the extension opens its own sign-in tab. */
export function SignedOutPage({ onSignIn }: { onSignIn: () => void }) {
  const { productName } = useRuntimeConfig();
  return (
    <main className={styles.notice}>
      <p className={styles.noticeTitle}>You're signed out of {productName}</p>
      <Button variant="primary" onClick={onSignIn}>
        Sign in to {productName}
      </Button>
    </main>
  );
}
