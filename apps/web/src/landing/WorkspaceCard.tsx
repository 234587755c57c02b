import { LockIcon } from "@primer/octicons-react";
import { Link } from "react-router";
import type { WorkspaceSummary } from "../organizations/api";
import { workspacePath } from "../workspaces/paths";
import styles from "./LandingPage.module.css";

export function WorkspaceCard({
  workspace,
  organizationName,
}: {
  workspace: WorkspaceSummary;
  organizationName?: string;
}) {
  return (
    <Link className={styles.workspaceCard} to={workspacePath(workspace.id)}>
      <span className={styles.workspaceName}>
        {workspace.name}
        {workspace.private ? <LockIcon aria-label="Private" /> : null}
      </span>
      {organizationName ? <span className={styles.meta}>{organizationName}</span> : null}
      {workspace.description ? <span className={styles.description}>{workspace.description}</span> : null}
    </Link>
  );
}
