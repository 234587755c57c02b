import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { IssueLabelSuggestions } from "../../ai/labels/LabelSuggestions";
import { bucketBoardPath } from "../../board/paths";
import { type PaletteCommand, useRegisterCommands } from "../../shell/command-palette/command-registry";
import { isTyping } from "../../shell/keyboard-shortcuts";
import { IssueSprintField } from "../../sprints/IssueSprintField";
import { Avatar } from "../../ui/Avatar";
import { LabelDot, LabelList } from "../../ui/LabelList";
import lists from "../../ui/plain-list.module.css";
import type { SelectionOption } from "../../ui/selection-list/SelectionList";
import { type ConnectedPullRequest, type ViewedIssue, viewedIssueKey } from "../issue-api";
import type { IssueTarget } from "../issue-routes";
import { ISSUE_STATE_TEXT } from "../issue-state";
import { EstimationVotes } from "./EstimationVotes";
import { useFieldChanges } from "./field-changes";
import { currentValues } from "./field-options";
import styles from "./IssueSidebar.module.css";
import { IssueTypeField } from "./IssueTypeField";
import { SidebarField } from "./SidebarField";
import { fieldForKey, SIDEBAR_FIELDS, type SidebarFieldKey, shortcutText } from "./sidebar-fields";

const NO_WORKSPACE = "Open this issue from its workspace's board to change it.";
const READ_ONLY = "You can read this issue but not change it.";
const NOT_YET = "This field cannot be changed here yet.";

interface IssueSidebarProps {
  issue: ViewedIssue;
  /** Where the viewer read the issue; a change reads it again from there. */
  target: IssueTarget;
}

/** The viewer's fields column: one row per field, each editable through its picker or its key. */
export function IssueSidebar({ issue, target }: IssueSidebarProps) {
  const { workspaceId } = target;
  const queryClient = useQueryClient();
  const changes = useFieldChanges(workspaceId ?? "", issue);
  const [openKey, setOpenKey] = useState<SidebarFieldKey | null>(null);
  const canWrite = issue.viewerPermission === "WRITE" || issue.viewerPermission === "ADMIN";
  const fields = useMemo(() => SIDEBAR_FIELDS.filter((spec) => workspaceId || !spec.perWorkspace), [workspaceId]);

  const disabledReason = useCallback(
    (key: SidebarFieldKey) => {
      if (!workspaceId) return NO_WORKSPACE;
      if (!canWrite) return READ_ONLY;
      return changes[key] ? null : NOT_YET;
    },
    [workspaceId, canWrite, changes],
  );
  // The sprint selector listens for its own key.
  const ownKeys = useMemo(
    () => fields.filter((spec) => spec.key !== "sprints" && disabledReason(spec.key) === null),
    [fields, disabledReason],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTyping(event.target)) return;
      const spec = fieldForKey(event, ownKeys);
      if (!spec) return;
      event.preventDefault();
      setOpenKey(spec.key);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [ownKeys]);

  const commands = useMemo<PaletteCommand[]>(
    () =>
      fields
        .filter((spec) => disabledReason(spec.key) === null || (spec.key === "sprints" && workspaceId && canWrite))
        .map((spec) => ({
          id: `issue-field-${spec.key}`,
          label: spec.title,
          group: "Issue",
          shortcut: shortcutText(spec.shortcut),
          run: () =>
            spec.key === "sprints"
              ? // The sprint selector opens on its own key; pressed once the palette has closed and given focus back.
                setTimeout(() => document.dispatchEvent(new KeyboardEvent("keydown", { key: spec.shortcut.key })))
              : setOpenKey(spec.key),
        })),
    [fields, disabledReason, workspaceId, canWrite],
  );
  useRegisterCommands(commands);

  const onApplied = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: viewedIssueKey(target) });
  }, [queryClient, target]);

  const bucketLinks = (values: SelectionOption[]) => <BucketLinks values={values} workspaceId={workspaceId} />;
  const issueLinks = (values: SelectionOption[]) => <IssueLinks values={values} issue={issue} />;
  return (
    <section className={styles.sidebar} aria-label="Fields">
      {fields.map((spec) =>
        spec.key === "sprints" && workspaceId ? (
          <IssueSprintField key={spec.key} issueId={issue.id} workspaceId={workspaceId} readOnly={!canWrite} />
        ) : (
          <Fragment key={spec.key}>
            <SidebarField
              spec={spec}
              issue={issue}
              workspaceId={workspaceId}
              values={currentValues(spec.key, issue)}
              apply={changes[spec.key]}
              disabledReason={disabledReason(spec.key)}
              isOpen={openKey === spec.key}
              onOpenChange={(open) => setOpenKey(open ? spec.key : null)}
              onApplied={onApplied}
              renderValues={
                spec.key === "labels"
                  ? labelPills
                  : spec.key === "epics" || spec.key === "releases"
                    ? bucketLinks
                    : spec.key === "parent" || spec.key === "blockedBy" || spec.key === "blocking"
                      ? issueLinks
                      : undefined
              }
            />
            {spec.key === "estimate" && workspaceId ? (
              <EstimationVotes
                issueId={issue.id}
                issue={{ repositoryId: issue.repository.id, issueNumber: issue.number }}
                workspaceId={workspaceId}
                canWrite={canWrite}
              />
            ) : null}
            {spec.key === "labels" ? (
              <IssueLabelSuggestions
                issue={issue}
                workspaceId={workspaceId}
                canWrite={canWrite}
                applyLabels={changes.labels}
                onApplied={onApplied}
              />
            ) : null}
          </Fragment>
        ),
      )}
      <IssueTypeField issueId={issue.id} disabledReason={canWrite ? null : READ_ONLY} />
      <dl className={styles.facts}>
        {issue.gantryLabels.nodes.length > 0 ? (
          <>
            {/* Read-only here: the board's Gantry labels are changed through the API (decision 0073). */}
            <dt>Gantry labels</dt>
            <dd>
              <LabelList
                label="Gantry labels"
                labels={issue.gantryLabels.nodes.map((label) => ({
                  key: label.id,
                  name: label.name,
                  icon: label.color ? <LabelDot color={label.color} /> : undefined,
                }))}
              />
            </dd>
          </>
        ) : null}
        {issue.connectedPrs.nodes.length > 0 ? (
          <>
            <dt>Pull requests</dt>
            <dd>
              <ConnectedPullRequests pullRequests={issue.connectedPrs.nodes} />
            </dd>
          </>
        ) : null}
        <dt>Author</dt>
        <dd>
          {issue.user ? (
            <span className={styles.person}>
              <Avatar name={issue.user.login} src={issue.user.avatarUrl} />
              {issue.user.login}
            </span>
          ) : (
            <span className={styles.none}>Unknown</span>
          )}
        </dd>
        <dt>Repository</dt>
        <dd>
          {issue.type === "GithubIssue"
            ? `${issue.repository.ownerName}/${issue.repository.name}`
            : "This workspace's Gantry issues"}
        </dd>
      </dl>
    </section>
  );
}

/**
 * A parent or dependency, noted "Gantry only" when either issue is a Gantry issue: GitHub's
 * sub-issues and dependencies hold GitHub issues alone, so such a link is not on GitHub.
 */
function IssueLinks({ values, issue }: { values: SelectionOption[]; issue: ViewedIssue }) {
  const linked = [issue.parentIssue, ...issue.blockingIssues.nodes, ...issue.blockedIssues.nodes];
  const gantryOnly = (id: string) =>
    issue.type === "GantryIssue" || linked.some((other) => other?.id === id && other.type === "GantryIssue");
  return (
    <ul className={`${lists.column} ${styles.list}`}>
      {values.map((value) => (
        <li key={value.id}>
          <span className={styles.text}>{value.label}</span>
          {gantryOnly(value.id) ? (
            <span
              className={styles.linkNote}
              title="Links with a Gantry issue stay in Gantry; GitHub does not show them."
            >
              Gantry only
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The pull requests connected to the issue (ZenHub's PR connections, which the import keeps), each a
 * link to GitHub with its state, so a team sees which change closes the work.
 */
function ConnectedPullRequests({ pullRequests }: { pullRequests: ConnectedPullRequest[] }) {
  return (
    <ul aria-label="Connected pull requests" className={`${lists.column} ${styles.list}`}>
      {pullRequests.map((pr) => (
        <li key={pr.id}>
          <a className={styles.text} href={pr.htmlUrl} target="_blank" rel="noreferrer" title={pr.title}>
            {pr.repository.name}#{pr.number} {pr.title}
          </a>
          <span className={styles.linkNote}>{ISSUE_STATE_TEXT[pr.state]}</span>
        </li>
      ))}
    </ul>
  );
}

function labelPills(values: SelectionOption[]) {
  return <LabelList labels={values.map((value) => ({ key: value.id, name: value.label, icon: value.icon }))} />;
}

/**
 * Epics and releases link to the board narrowed to that bucket when the issue is seen from a
 * workspace. The board reads its filters from the address when it opens, hence a document load.
 */
function BucketLinks({ values, workspaceId }: { values: SelectionOption[]; workspaceId: string | null }) {
  return (
    <ul className={`${lists.column} ${styles.list}`}>
      {values.map((value) => (
        <li key={value.id}>
          {workspaceId ? (
            <Link
              reloadDocument
              to={bucketBoardPath(workspaceId, value.id)}
              title={`Show the board for ${value.label} only`}
              className={styles.text}
            >
              {value.label}
            </Link>
          ) : (
            <span className={styles.text}>{value.label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
