import { useParams } from "react-router";
import { PredictedSprintBadge } from "./PredictedSprintBadge";
import { predictedSprintOf } from "./predicted-sprint";
import styles from "./Sprints.module.css";
import { useSprintConfig } from "./sprints-api";

/**
 * A board card's predicted sprint badge. Its status needs the workspace's sprints, read once for
 * the whole board and shared by every card.
 */
export function CardPredictedSprint({ sprint }: { sprint: { id: string; name: string } }) {
  const { workspaceId = "" } = useParams();
  const workspace = useSprintConfig(workspaceId);
  const predicted = predictedSprintOf(sprint, workspace.data);
  if (!predicted) return null;
  return (
    <li className={styles.cardBadge}>
      <PredictedSprintBadge status={predicted.status} sprintName={predicted.sprint.name} />
    </li>
  );
}
