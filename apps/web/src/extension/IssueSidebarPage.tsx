import { useId, useState } from "react";
import { useParams } from "react-router";
import { useViewedIssue } from "../issues/issue-api";
import { type IssueTarget, issueTargetOf } from "../issues/issue-routes";
import { IssueSidebar } from "../issues/sidebar/IssueSidebar";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { Loader } from "../ui/Loader";
import { stack } from "../ui/stack";
import styles from "./Extension.module.css";
import { WorkspaceLookup } from "./RepositoryBoardPage";
import type { RepositoryWorkspace } from "./repository-workspaces";

/** The Gantry section of a GitHub issue or pull request page: the web app's sidebar fields, compact. */
export function IssueSidebarPage() {
  const params = useParams();
  const target = issueTargetOf(params);
  if (!target?.repository) {
    return (
      <p className={styles.notice} role="alert">
        This is not an issue's address: issue numbers are whole numbers from 1.
      </p>
    );
  }
  const { owner, name } = target.repository;
  return (
    <WorkspaceLookup owner={owner} repo={name}>
      {(workspaces) => <WorkspaceIssueSidebar workspaces={workspaces} target={target} />}
    </WorkspaceLookup>
  );
}

function WorkspaceIssueSidebar({ workspaces, target }: { workspaces: RepositoryWorkspace[]; target: IssueTarget }) {
  const selectId = useId();
  const [workspaceId, setWorkspaceId] = useState(workspaces[0]?.id ?? "");
  return (
    <>
      {workspaces.length > 1 ? (
        <label className={`${stack({ direction: "column", gap: 4 })} ${styles.workspaceField}`} htmlFor={selectId}>
          Workspace
          <select
            id={selectId}
            className={form.input}
            value={workspaceId}
            onChange={(event) => setWorkspaceId(event.target.value)}
          >
            {workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.organizationName} / {workspace.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <SidebarOf target={{ ...target, workspaceId }} />
    </>
  );
}

function SidebarOf({ target }: { target: IssueTarget }) {
  const query = useViewedIssue(target);
  if (query.isError) {
    return (
      <div className={styles.notice} role="alert">
        <p className={styles.muted}>We couldn't open this issue: {query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!query.data) return <Loader label="Loading the issue" />;
  return <IssueSidebar issue={query.data} target={target} />;
}
