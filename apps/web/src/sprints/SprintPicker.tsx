import type { PredictedSprintStatus } from "@gantry/domain";
import { useState } from "react";
import { Button } from "../ui/Button";
import { SelectionList, type SelectionOption } from "../ui/selection-list/SelectionList";
import { stack } from "../ui/stack";
import { type PredictedSprint, sprintDates } from "./predicted-sprint";
import { SprintsEmptyState } from "./SprintsEmptyState";
import { type SprintSummary, useClosedSprints, useSprintConfig } from "./sprints-api";

/** How the predicted sprint is marked inside the list. */
const PREDICTED_MARK: Record<PredictedSprintStatus, string> = { next: "Next for this issue", predicted: "Predicted" };

type SprintTab = "OPEN" | "CLOSED";
const TABS = [
  { id: "OPEN", label: "Open" },
  { id: "CLOSED", label: "Closed" },
];

interface SprintPickerProps {
  workspaceId: string;
  selected: SprintSummary[];
  onSelectionChange: (selected: SprintSummary[]) => void;
  predicted: PredictedSprint | null;
  onClose: () => void;
  /** Opens the sprints settings modal (setup when there is no config yet, editing otherwise). */
  onEditSprints: () => void;
}

/**
 * SPEC §2 sprint selector dropdown: Open sprints first, then the Closed tab most recently ended
 * first; the predicted sprint is marked; the footer shows only when the workspace has sprints.
 */
export function SprintPicker({
  workspaceId,
  selected,
  onSelectionChange,
  predicted,
  onClose,
  onEditSprints,
}: SprintPickerProps) {
  const [tab, setTab] = useState<SprintTab>("OPEN");
  const workspace = useSprintConfig(workspaceId);
  const closed = useClosedSprints(workspaceId, tab === "CLOSED");
  const sprints = tab === "OPEN" ? (workspace.data?.openSprints ?? []) : (closed.data ?? []);
  const hasSprints = (workspace.data?.openSprints.length ?? 0) > 0 || (closed.data?.length ?? 0) > 0;
  const known = new Map([...selected, ...sprints].map((sprint) => [sprint.id, sprint]));

  const options: SelectionOption[] = sprints.map((sprint) => ({
    id: sprint.id,
    label: sprint.name,
    description: [sprintDates(sprint), predicted?.sprint.id === sprint.id ? PREDICTED_MARK[predicted.status] : null]
      .filter(Boolean)
      .join(" · "),
  }));
  const loading = workspace.isPending || (tab === "CLOSED" && closed.isPending);

  return (
    <SelectionList
      label="Sprints"
      title="Add this issue to any sprint"
      selectionMode="multiple"
      options={options}
      selectedIds={selected.map((sprint) => sprint.id)}
      onSelectionChange={(ids) => onSelectionChange(ids.flatMap((id) => known.get(id) ?? []))}
      onClose={onClose}
      onLoadMore={tab === "CLOSED" && closed.hasNextPage ? () => void closed.fetchNextPage() : undefined}
      search={{ placeholder: "Filter sprints" }}
      tabs={{ items: TABS, activeId: tab, onChange: (id) => setTab(id as SprintTab) }}
      empty={loading ? "Loading…" : <SprintsEmptyState workspaceId={workspaceId} onSetUp={onEditSprints} />}
      footer={
        hasSprints ? (
          <div className={stack({ direction: "column", align: "start", gap: 4 })}>
            <span>New sprints will be created continuously as each sprint ends</span>
            <Button variant="link" onClick={onEditSprints}>
              Edit sprints
            </Button>
          </div>
        ) : undefined
      }
    />
  );
}
