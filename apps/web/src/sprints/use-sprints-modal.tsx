import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import type { SprintsModalHighlight } from "./sprint-config-form";
import { useSprintConfig, useWorkspaceEstimates } from "./sprints-api";

const loadSprintsSettingsModal = () => import("./SprintsSettingsModal");
/** The modal and its date handling are a chunk read when it is first opened, not with the board (benchmark B3). */
const SprintsSettingsModal = lazy(async () => ({ default: (await loadSprintsSettingsModal()).SprintsSettingsModal }));

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
  const open = useCallback((highlight?: SprintsModalHighlight) => {
    // Read alongside the settings.
    void loadSprintsSettingsModal();
    setOpened({ highlight: highlight ?? null });
  }, []);
  const modal =
    opened && workspace.data && estimates.data ? (
      <Suspense fallback={null}>
        <SprintsSettingsModal
          workspaceId={workspaceId}
          workspace={workspace.data}
          estimates={estimates.data}
          highlight={opened.highlight}
          onDismiss={() => setOpened(null)}
          onSaved={onSaved}
        />
      </Suspense>
    ) : null;
  return { open, modal };
}
