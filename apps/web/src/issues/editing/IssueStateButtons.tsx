import { IssueClosedIcon, IssueReopenedIcon, TrashIcon } from "@primer/octicons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { boardPath } from "../../board/paths";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import { stack } from "../../ui/stack";
import { useToasts } from "../../ui/toast/toast-context";
import type { ViewedIssue } from "../issue-api";
import type { IssueTarget } from "../issue-routes";
import type { useIssueEditing } from "./issue-editing-api";
import { failureMessage } from "./use-save";

interface IssueStateButtonsProps {
  issue: ViewedIssue;
  target: IssueTarget;
  editing: ReturnType<typeof useIssueEditing>;
}

/** Close or reopen the issue (on GitHub too for a GitHub issue), and delete a native one after asking. */
export function IssueStateButtons({ issue, target, editing }: IssueStateButtonsProps) {
  const toasts = useToasts();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const open = issue.state === "OPEN";
  const native = issue.type === "GantryIssue";
  const noun = issue.pullRequest ? "pull request" : "issue";

  const toggle = async () => {
    try {
      await editing.setState.mutateAsync(open ? "CLOSED" : "OPEN");
    } catch (failure) {
      toasts.show({
        kind: "error",
        message: `The ${noun} was not ${open ? "closed" : "reopened"}: ${failureMessage(failure)}`,
      });
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      await editing.remove.mutateAsync();
      toasts.show({ kind: "success", message: `Issue #${issue.number} was deleted.` });
      navigate(target.workspaceId ? boardPath(target.workspaceId) : "/");
    } catch (failure) {
      toasts.show({ kind: "error", message: `The issue was not deleted: ${failureMessage(failure)}` });
    }
  };

  if (issue.state === "MERGED") return null;
  return (
    <div className={stack({ wrap: true })}>
      <Button onClick={() => void toggle()} disabled={editing.setState.isPending}>
        {open ? <IssueClosedIcon aria-hidden /> : <IssueReopenedIcon aria-hidden />}
        {open ? `Close ${noun}` : `Reopen ${noun}`}
      </Button>
      {native ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <TrashIcon aria-hidden />
          Delete issue
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmationDialog
          title={`Delete issue #${issue.number}?`}
          danger
          confirmText="Delete issue"
          body={<p>This Gantry issue, its comments and its history will be deleted. This cannot be undone.</p>}
          details={issue.title}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
