import { CheckCircleFillIcon, XIcon } from "@primer/octicons-react";
import { useRuntimeConfig } from "../app/runtime-config";
import iconButton from "../ui/IconButton.module.css";
import styles from "./Onboarding.module.css";

/** The first thing a new person sees on /landing, until they close it (`gantry_welcome`). */
export function WelcomeCard({
  onDismiss,
  hasConnectedRepository,
}: {
  onDismiss: () => void;
  hasConnectedRepository: boolean;
}) {
  const { productName } = useRuntimeConfig();
  return (
    <section className={styles.card} aria-labelledby="welcome-card-title">
      <div className={styles.cardHeader}>
        <h2 id="welcome-card-title" className={styles.cardTitle}>
          Get started with {productName}
        </h2>
        <button
          type="button"
          className={`${iconButton.quiet} ${styles.close}`}
          aria-label="Dismiss welcome"
          onClick={onDismiss}
        >
          <XIcon aria-hidden />
        </button>
      </div>
      <ol className={styles.steps}>
        <li>Create an organization for your team and invite your teammates by email.</li>
        <li>Create a workspace: a board of pipelines for your GitHub issues and pull requests.</li>
        <li>
          Connect a GitHub repository to the workspace, or create a test repository.
          {hasConnectedRepository ? (
            <span className={styles.taskDone}>
              <CheckCircleFillIcon aria-hidden /> Done
            </span>
          ) : null}
        </li>
        <li>Open the command palette with Ctrl K (⌘K on a Mac) to get anywhere from the keyboard.</li>
      </ol>
    </section>
  );
}
