import { XIcon } from "@primer/octicons-react";
import { useExtensionMode } from "../extension/extension-mode";
import { useFlagSetting } from "../settings/use-flag-setting";
import { Button } from "../ui/Button";
import { stack } from "../ui/stack";
import hidden from "../ui/visually-hidden.module.css";
import styles from "./Sprints.module.css";
import type { SprintsModalHighlight } from "./sprint-config-form";

/** SPEC §3 saved user settings flag: closing the card hides it for good. */
export const PREDICTED_SPRINT_CARD_DISMISSED = "predicted_sprint_selector_card_dismissed";

/** The help article the card's Learn more link opens. */
export const PREDICTED_SPRINTS_HELP_URL = "https://docs.gantry.dev/sprints/predicted-sprints";

interface PredictedSprintsCardProps {
  /** Whether sprints are filled from a pipeline (`issuesFromPipeline.enabled`). */
  automationEnabled: boolean;
  onModifySprints: (highlight: SprintsModalHighlight) => void;
}

/**
 * SPEC §2 "Predicted-sprints onboarding card", shown under the sprint selector while the issue has a
 * predicted sprint and no sprint of its own, until the person closes it.
 */
export function PredictedSprintsCard({ automationEnabled, onModifySprints }: PredictedSprintsCardProps) {
  const dismissed = useFlagSetting(PREDICTED_SPRINT_CARD_DISMISSED);
  const extensionMode = useExtensionMode();
  // Hidden while settings load, so a dismissed card never flashes into view.
  if (dismissed.on !== false) return null;
  // SPEC §2: inside GitHub's page the modal is not at hand, so the action becomes plain text.
  const modify = extensionMode ? (
    "go to Modify Sprints"
  ) : (
    <Button
      variant="link"
      onClick={() => onModifySprints(automationEnabled ? "automation-pipelines" : "build-from-backlog")}
    >
      Modify Sprints
    </Button>
  );
  return (
    <section
      className={`${stack({ direction: "column", gap: 4 })} ${styles.card}`}
      aria-labelledby="predicted-sprints-card-heading"
    >
      <header className={stack({ align: "center" })}>
        <h3 id="predicted-sprints-card-heading" className={styles.cardHeading}>
          Predicted sprints
        </h3>
        <span className={styles.newTag}>New</span>
        <button
          type="button"
          className={styles.cardClose}
          aria-label="Dismiss predicted sprints"
          onClick={() => dismissed.set(true)}
        >
          <XIcon aria-hidden />
        </button>
      </header>
      {automationEnabled ? (
        <p className={styles.cardText}>
          This issue will be assigned to the above Sprint based on your current Backlog configuration.{" "}
          <a href={PREDICTED_SPRINTS_HELP_URL} target="_blank" rel="noreferrer">
            Learn more<span className={hidden.hidden}> about predicted sprints</span>
          </a>{" "}
          or {modify} to change your configuration.
        </p>
      ) : (
        <p className={styles.cardText}>
          Issues will be moved to your Sprint Backlog automatically when you opt-in to automated Sprints. {modify} to
          opt in.
        </p>
      )}
    </section>
  );
}
