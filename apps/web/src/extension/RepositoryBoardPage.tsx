import { Link, Navigate, useParams } from "react-router";
import { boardPath } from "../board/paths";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./Extension.module.css";
import { type RepositoryWorkspace, useRepositoryWorkspaces } from "./repository-workspaces";

/** Why a repository's lookup failed or found nothing, and what to do; shared with the issue sidebar. */
export function WorkspaceLookup({
  owner,
  repo,
  children,
}: {
  owner: string;
  repo: string;
  children: (workspaces: RepositoryWorkspace[]) => React.ReactNode;
}) {
  const query = useRepositoryWorkspaces(owner, repo);
  if (query.isError) {
    return (
      <div className={styles.notice} role="alert">
        <p className={styles.muted}>We couldn't find the workspaces of {`${owner}/${repo}`}.</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!query.data) return <Loader label="Finding this repository's workspace" />;
  if (query.data.length === 0) {
    return (
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>No workspace shows {`${owner}/${repo}`}</p>
        <p className={styles.muted}>
          Add the repository to a workspace in Gantry, or ask for access to one that has it.
        </p>
      </div>
    );
  }
  return children(query.data);
}

/**
 * The Gantry tab of a GitHub repository: the board of the workspace holding it, straight away
 * when there is one, else a choice. Workspace routes then stay inside the frame (SPEC §2).
 */
export function RepositoryBoardPage() {
  const { owner = "", repo = "" } = useParams();
  return (
    <WorkspaceLookup owner={owner} repo={repo}>
      {(workspaces) =>
        workspaces.length === 1 && workspaces[0] ? (
          <Navigate to={boardPath(workspaces[0].id)} replace />
        ) : (
          <div className={styles.notice}>
            <h1 className={styles.noticeTitle}>Choose a workspace</h1>
            <p className={styles.muted}>Several workspaces show {`${owner}/${repo}`}.</p>
            <ul className={styles.choices}>
              {workspaces.map((workspace) => (
                <li key={workspace.id}>
                  <Link className={styles.choice} to={boardPath(workspace.id)}>
                    {workspace.organizationName} / {workspace.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </WorkspaceLookup>
  );
}
