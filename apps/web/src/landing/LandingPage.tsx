import { useAuth } from "../accounts/auth-context";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import styles from "./LandingPage.module.css";

/** Home after login (SPEC §2 /landing). */
export function LandingPage() {
  const { productName } = useRuntimeConfig();
  const { state, signOut } = useAuth();
  const email = state.status === "signed-in" ? state.info.user.zh.email : null;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Welcome to {productName}</h1>
      <p className={styles.text}>Plan your GitHub work on boards of pipelines, with sprints that run themselves.</p>
      {email ? (
        <p className={styles.text}>
          Signed in as <strong>{email}</strong>
        </p>
      ) : null}
      <Button onClick={() => void signOut()}>Sign out</Button>
    </main>
  );
}
