import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import { Link } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import sidebar from "../issues/sidebar/IssueSidebar.module.css";
import { isTyping } from "../shell/keyboard-shortcuts";
import { useToasts } from "../ui/toast/toast-context";
import { PredictedSprintBadge } from "./PredictedSprintBadge";
import { PredictedSprintsCard } from "./PredictedSprintsCard";
import { sprintPagePath } from "./paths";
import { predictedSprintOf } from "./predicted-sprint";
import { SprintPicker } from "./SprintPicker";
import styles from "./Sprints.module.css";
import {
  ADD_ISSUES_TO_SPRINTS,
  type IssueSprints,
  issueSprintsKey,
  REMOVE_ISSUES_FROM_SPRINTS,
  type SprintSummary,
  useIssueSprints,
  useSprintConfig,
} from "./sprints-api";
import { useSprintsModal } from "./use-sprints-modal";

/** The key that opens the sprint list while the issue is shown (SPEC §2: the button has a shortcut). */
export const SPRINT_FIELD_SHORTCUT = "s";
const SHORTCUT_TEXT = SPRINT_FIELD_SHORTCUT.toUpperCase();

interface IssueSprintFieldProps {
  issueId: string;
  workspaceId: string;
  /** SPEC §6: a read-only issue's sprint selector is disabled. */
  readOnly: boolean;
}

/**
 * SPEC §2 "Issue sidebar sprint selector": the "Sprints" button, and beside it the issue's sprints,
 * its predicted sprint badge, or "No sprint assigned". Picks are applied when the list closes.
 */
export function IssueSprintField({ issueId, workspaceId, readOnly }: IssueSprintFieldProps) {
  const issue = useIssueSprints(issueId, workspaceId);
  const workspace = useSprintConfig(workspaceId);
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<SprintSummary[]>([]);
  const apply = useApplySprintChanges(issueId, workspaceId);
  const sprintsModal = useSprintsModal(workspaceId);
  const assigned = issue.data?.sprints ?? [];
  const predicted = predictedSprintOf(issue.data?.predictedSprint ?? null, workspace.data);

  // Not while the list is open, nor under the sprints settings modal.
  useFieldShortcut(!readOnly && !isOpen && sprintsModal.modal === null, () => onOpenChange(true));

  // Escape in the list and the popover itself may both report one close; it is applied once.
  const openRef = useRef(false);
  function onOpenChange(open: boolean) {
    if (open === openRef.current) return;
    openRef.current = open;
    if (open) setDraft(assigned);
    else void apply(assigned, draft);
    setOpen(open);
  }

  return (
    <div className={sidebar.row}>
      <button
        ref={buttonRef}
        type="button"
        className={sidebar.fieldButton}
        disabled={readOnly}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-keyshortcuts={SHORTCUT_TEXT}
        title={
          readOnly
            ? "You can view this issue; changing its sprints needs write access."
            : `Add this issue to any sprint (${SHORTCUT_TEXT})`
        }
        onClick={() => onOpenChange(true)}
      >
        <span>Sprints</span>
        <kbd className={sidebar.key} aria-hidden>
          {SHORTCUT_TEXT}
        </kbd>
      </button>
      <Popover
        triggerRef={buttonRef}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        className={sidebar.popover}
        placement="bottom end"
        offset={4}
      >
        <Dialog className={sidebar.popoverDialog} aria-label="Add this issue to any sprint">
          <SprintPicker
            workspaceId={workspaceId}
            selected={draft}
            onSelectionChange={setDraft}
            predicted={predicted}
            onClose={() => onOpenChange(false)}
            onEditSprints={() => {
              onOpenChange(false);
              sprintsModal.open();
            }}
          />
        </Dialog>
      </Popover>
      <div className={sidebar.values}>
        {assigned.length > 0 ? (
          <ul className={styles.assigned}>
            {assigned.map((sprint) => (
              <li key={sprint.id}>
                <Link to={sprintPagePath(workspaceId, sprint.id)}>{sprint.name}</Link>
              </li>
            ))}
          </ul>
        ) : predicted ? (
          <PredictedSprintBadge status={predicted.status} sprintName={predicted.sprint.name} />
        ) : issue.isPending ? null : (
          <span className={sidebar.none}>No sprint assigned</span>
        )}
      </div>
      {predicted && assigned.length === 0 && workspace.data?.sprintConfig ? (
        <PredictedSprintsCard
          automationEnabled={workspace.data.sprintConfig.settings.issuesFromPipeline.enabled}
          onModifySprints={sprintsModal.open}
        />
      ) : null}
      {sprintsModal.modal}
    </div>
  );
}

/**
 * Shows the picked sprints at once, adds the new ones and removes the unpicked ones; on failure the
 * issue's sprints go back to what the server holds and a toast says so.
 */
function useApplySprintChanges(issueId: string, workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  return async (before: SprintSummary[], after: SprintSummary[]) => {
    const beforeIds = new Set(before.map((sprint) => sprint.id));
    const afterIds = new Set(after.map((sprint) => sprint.id));
    const added = [...afterIds].filter((id) => !beforeIds.has(id));
    const removed = [...beforeIds].filter((id) => !afterIds.has(id));
    if (added.length === 0 && removed.length === 0) return;
    const queryKey = issueSprintsKey(issueId, workspaceId);
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData<IssueSprints>(queryKey, (data) => data && { ...data, sprints: after });
    const variables = { issueIds: [issueId] };
    try {
      if (added.length) {
        const answer = await request<{ addIssuesToSprints: SprintChange }>(ADD_ISSUES_TO_SPRINTS, {
          ...variables,
          sprintIds: added,
        });
        refuseFailures(answer.addIssuesToSprints);
      }
      if (removed.length) {
        const answer = await request<{ removeIssuesFromSprints: SprintChange }>(REMOVE_ISSUES_FROM_SPRINTS, {
          ...variables,
          sprintIds: removed,
        });
        refuseFailures(answer.removeIssuesFromSprints);
      }
    } catch (error) {
      toasts.show({
        kind: "error",
        message: `The issue's sprints could not be changed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    await queryClient.invalidateQueries({ queryKey });
  };
}

interface SprintChange {
  failedIssues: { id: string }[];
}

/** The bulk mutations answer a refused issue in `failedIssues` rather than as an error. */
function refuseFailures(change: SprintChange) {
  if (change.failedIssues.length > 0) throw new Error("you may not change this issue's sprints");
}

function useFieldShortcut(enabled: boolean, open: () => void) {
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== SPRINT_FIELD_SHORTCUT || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || event.defaultPrevented) return;
      event.preventDefault();
      openRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
