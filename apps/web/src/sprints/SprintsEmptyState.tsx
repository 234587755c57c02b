import { Button } from "../ui/Button";
import styles from "./Sprints.module.css";
import { useSprintConfig } from "./sprints-api";

/**
 * SPEC §2: the sprint filter's and the sprint selector's empty state, "No sprints found", with a
 * "Set up sprints" button when the workspace has no sprint config.
 */
export function SprintsEmptyState({ workspaceId, onSetUp }: { workspaceId: string; onSetUp: () => void }) {
  const workspace = useSprintConfig(workspaceId);
  return (
    <div className={styles.pickerEmpty}>
      <p>No sprints found</p>
      {workspace.data && workspace.data.sprintConfig === null ? (
        <Button variant="primary" onClick={onSetUp}>
          Set up sprints
        </Button>
      ) : null}
    </div>
  );
}
