import { formatNumber } from "@gantry/domain";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/dialog/Modal";
import form from "../../ui/form.module.css";
import { EpicPeopleAndLabels } from "./EpicPeopleAndLabels";
import styles from "./GantryEpicList.module.css";
import { EPIC_STATE_NAME, type GantryEpicSummary } from "./gantry-epics-api";

interface EpicPanelProps {
  workspaceId: string;
  epic: GantryEpicSummary;
  canEdit: boolean;
  onDismiss: () => void;
}

/** A Gantry epic's own panel: its state and progress, and who and what it carries (decision 0073). */
export function EpicPanel({ workspaceId, epic, canEdit, onDismiss }: EpicPanelProps) {
  const issues = epic.gantryIssueCountProgress;
  const points = epic.gantryIssueEstimateProgress;
  return (
    <Modal title={epic.title} onDismiss={onDismiss} width="wide" dismissOnOutsideClick>
      <p className={`${styles.counts} ${styles.summary}`}>
        {EPIC_STATE_NAME[epic.state]} · {formatNumber(issues.closed)}/{formatNumber(issues.total)} issues closed ·{" "}
        {formatNumber(points.closed)}/{formatNumber(points.total)} points done
      </p>
      <EpicPeopleAndLabels workspaceId={workspaceId} epic={epic} canEdit={canEdit} />
      {canEdit ? null : <p className={styles.note}>You can read this workspace but not change its epics.</p>}
      <div className={form.actions}>
        <Button onClick={onDismiss}>Close</Button>
      </div>
    </Modal>
  );
}
