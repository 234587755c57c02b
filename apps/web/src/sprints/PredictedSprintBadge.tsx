import { type PredictedSprintStatus, predictedSprintBadgeText } from "@gantry/domain";
import styles from "./Sprints.module.css";

interface PredictedSprintBadgeProps {
  status: PredictedSprintStatus;
  sprintName: string;
}

/** SPEC §2: the sprint an issue is expected to land in; a solid border when it is the next sprint. */
export function PredictedSprintBadge({ status, sprintName }: PredictedSprintBadgeProps) {
  return (
    <span
      className={`${styles.badge} ${status === "next" ? styles.badgeNext : styles.badgePredicted}`}
      // Narrow places cut the name short; the whole text stays a hover away.
      title={predictedSprintBadgeText(status, sprintName)}
    >
      {predictedSprintBadgeText(status, sprintName)}
    </span>
  );
}
