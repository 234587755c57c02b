import { type ReactNode, useCallback, useState } from "react";
import { SprintsSettingsModal } from "./SprintsSettingsModal";
import type { SprintsModalHighlight } from "./sprint-config-form";
import { useSprintConfig, useWorkspaceEstimates } from "./sprints-api";

export interface SprintsModal {
  /** Opens the sprints settings modal, optionally with one field highlighted (SPEC §2). */
  open: (highlight?: SprintsModalHighlight) => void;
  /** Render this where the opener lives; it is null while the modal is closed. */
  modal: ReactNode;
}

/** The sprints settings modal for one workspace, opened from the board, the filter, the selector or the card. */
export function useSprintsModal(workspaceId: string, onSaved?: () => void): SprintsModal {
  const [opened, setOpened] = useState<{ highlight: SprintsModalHighlight | null } | null>(null);
  // Read only once asked for, so a board that never opens the modal makes no extra request.
  const workspace = useSprintConfig(workspaceId, opened !== null);
  const estimates = useWorkspaceEstimates(workspaceId, opened !== null);
  const open = useCallback((highlight?: SprintsModalHighlight) => setOpened({ highlight: highlight ?? null }), []);
  const modal =
    opened && workspace.data && estimates.data ? (
      <SprintsSettingsModal
        workspaceId={workspaceId}
        workspace={workspace.data}
        estimates={estimates.data}
        highlight={opened.highlight}
        onDismiss={() => setOpened(null)}
        onSaved={onSaved}
      />
    ) : null;
  return { open, modal };
}
