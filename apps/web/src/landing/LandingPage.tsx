import { useRuntimeConfig } from "../app/runtime-config";
import styles from "./LandingPage.module.css";

/** Home after login (SPEC §2 /landing). */
export function LandingPage() {
  const { productName } = useRuntimeConfig();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Welcome to {productName}</h1>
      <p className={styles.text}>Plan your GitHub work on boards of pipelines, with sprints that run themselves.</p>
    </main>
  );
}
