import { useCallback, useMemo } from "react";
import { type BulkAction, useBulkRequest } from "../../board/bulk-requests";
import { useFieldsApi } from "../fields-api";
import type { ViewedIssue } from "../issue-api";
import { useRelationsApi } from "../relations-api";
import { CLEAR_OPTION_ID, newMilestoneTitle } from "./field-options";
import type { SidebarFieldKey } from "./sidebar-fields";

/** A picker's outcome: what it holds now, and how that differs from before. */
export interface FieldChange {
  selected: string[];
  added: string[];
  removed: string[];
}

export type ApplyChange = (change: FieldChange) => Promise<void>;

/** The type a Relay global id names ("GantryEpic", "Issue"…), which tells GitHub epics from Gantry epics apart. */
export function globalIdType(id: string): string {
  try {
    return atob(id).split(":")[0] ?? "";
  } catch {
    return "";
  }
}

/** The picked value of a single-select field; null when it was cleared. */
const single = ({ selected }: FieldChange) => {
  const [id] = selected;
  return id === undefined || id === CLEAR_OPTION_ID ? null : id;
};

/** Throws the reason a bulk-shaped answer gives for this issue, if it gives one. */
function failedFor(issueId: string, answer: { githubErrors: Record<string, string> }) {
  const reason = answer.githubErrors[issueId];
  if (reason !== undefined) throw new Error(reason);
}

/** A GitHub epic is picked as its issue (as the board's epic filter lists it); the epic mutations name it as an Epic. */
export function epicIdOfIssue(issueId: string): string {
  return btoa(`Epic:${atob(issueId).slice("Issue:".length)}`);
}

/**
 * How each field is changed, or null while the server has no way to change it. The board's bulk
 * requests send labels, assignees, estimate and pipeline; the relations and fields APIs the rest.
 * A failure for this issue in a bulk-shaped answer's `githubErrors` is thrown here.
 */
export function useFieldChanges(workspaceId: string, issue: ViewedIssue): Record<SidebarFieldKey, ApplyChange | null> {
  const send = useBulkRequest(workspaceId);
  const relations = useRelationsApi();
  const fields = useFieldsApi(workspaceId);
  const issueId = issue.id;
  const repositoryId = issue.repository.id;
  const run = useCallback(
    async (action: BulkAction) => failedFor(issueId, await send(action, [issueId])),
    [send, issueId],
  );
  const addAndRemove = useCallback(
    async (added: BulkAction | null, removed: BulkAction | null) => {
      if (added) await run(added);
      if (removed) await run(removed);
    },
    [run],
  );
  /** Each dependency added or removed, with this issue on the `side` given. */
  const dependencies = useCallback(
    async ({ added, removed }: FieldChange, side: "blocked" | "blocking") => {
      const pair = (other: string) =>
        side === "blocked"
          ? { blockingId: other, blockedId: issueId, workspaceId }
          : { blockingId: issueId, blockedId: other, workspaceId };
      for (const other of added) await relations.createBlockage(pair(other));
      for (const other of removed) await relations.deleteBlockage(pair(other));
    },
    [relations, issueId, workspaceId],
  );
  const issueInfo = useMemo(
    () => [{ repositoryId: issue.repository.id, issueNumber: issue.number }],
    [issue.repository.id, issue.number],
  );

  return useMemo(
    () => ({
      pipeline: async (change) => {
        const pipelineId = single(change);
        if (pipelineId) await run({ kind: "move", pipelineId, position: "START" });
      },
      estimate: async (change) => {
        const value = single(change);
        await run({ kind: "estimate", value: value === null ? null : Number(value) });
      },
      assignees: ({ added, removed }) =>
        addAndRemove(
          added.length ? { kind: "addAssignees", logins: added } : null,
          removed.length ? { kind: "removeAssignees", logins: removed } : null,
        ),
      labels: ({ added, removed }) =>
        addAndRemove(
          added.length ? { kind: "addLabels", labels: added } : null,
          removed.length ? { kind: "removeLabels", labels: removed } : null,
        ),
      epics: async ({ added, removed }) => {
        const gitHub = (ids: string[]) => ids.filter((id) => globalIdType(id) === "Issue").map(epicIdOfIssue);
        const gantry = (ids: string[]) => ids.filter((id) => globalIdType(id) === "GantryEpic");
        const calls = [
          [relations.addIssuesToEpics, gitHub(added)],
          [relations.addIssuesToGantryEpics, gantry(added)],
          [relations.removeIssuesFromEpics, gitHub(removed)],
          [relations.removeIssuesFromGantryEpics, gantry(removed)],
        ] as const;
        for (const [call, ids] of calls) if (ids.length) failedFor(issueId, await call([issueId], ids));
      },
      releases: async ({ added, removed }) => {
        if (added.length) failedFor(issueId, await fields.addIssuesToReleases([issueId], added));
        if (removed.length) failedFor(issueId, await fields.removeIssuesFromReleases([issueId], removed));
      },
      priority: (change) => fields.setIssuePriority(issueInfo, single(change)),
      parent: async (change) => {
        const parentId = single(change);
        failedFor(
          issueId,
          parentId
            ? await relations.addSubIssues(parentId, [issueId], true)
            : await relations.removeSubIssues([issueId]),
        );
      },
      blockedBy: (change) => dependencies(change, "blocked"),
      blocking: (change) => dependencies(change, "blocking"),
      // The sprint row is the sprint selector's own (apps/web/src/sprints), which applies its picks itself.
      sprints: null,
      milestone: async (change) => {
        const picked = single(change);
        const title = picked === null ? null : newMilestoneTitle(picked);
        // "Create milestone “…”" on a Gantry issue: the milestone is made first, then set by its number.
        const number =
          title !== null ? await fields.createMilestone(repositoryId, title) : picked === null ? null : Number(picked);
        await run({ kind: "milestone", milestoneNumber: number });
      },
    }),
    [run, addAndRemove, relations, fields, issueId, issueInfo, dependencies, repositoryId],
  );
}
