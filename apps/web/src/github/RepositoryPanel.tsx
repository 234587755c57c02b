import { RepoIcon, SyncIcon } from "@primer/octicons-react";
import { Button } from "../ui/Button";
import panel from "../ui/Panel.module.css";
import { StatusLabel } from "../ui/StatusLabel";
import { useToasts } from "../ui/toast/toast-context";
import { repositoryFullName } from "./api";
import { RepositoryIssues } from "./RepositoryIssues";
import { SyncStatus } from "./SyncStatus";
import styles from "./WorkspaceRepositories.module.css";
import { type ConnectedRepository, useReconcileRepository } from "./workspace-repositories-api";

function ImportProgress({ repository }: { repository: ConnectedRepository }) {
  const { state, importedCount } = repository.import;
  switch (state) {
    case "PENDING":
      return <StatusLabel>Waiting to import</StatusLabel>;
    case "IMPORTING":
      return <StatusLabel tone="accent">Importing… {importedCount} imported so far</StatusLabel>;
    case "DONE":
      return <StatusLabel tone="success">Imported {importedCount}</StatusLabel>;
    case "FAILED":
      return <StatusLabel tone="danger">Import failed after {importedCount}</StatusLabel>;
  }
}

/** One connected repository: its import, its sync health and its first issues. */
export function RepositoryPanel({ repository, workspaceId }: { repository: ConnectedRepository; workspaceId: string }) {
  const name = repositoryFullName(repository);
  const reconcile = useReconcileRepository(workspaceId);
  const toasts = useToasts();
  const syncNow = () =>
    reconcile.mutate(
      { repositoryId: repository.id },
      { onError: (error) => toasts.show({ kind: "error", message: `${name} could not be synced: ${error.message}` }) },
    );
  const titleId = `repository-${repository.id}`;
  return (
    <article className={`${panel.panel} ${panel.frame} ${styles.panel}`} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h3 id={titleId} className={styles.panelTitle}>
          <RepoIcon aria-hidden />
          <a href={repository.htmlUrl} target="_blank" rel="noopener noreferrer">
            {name}
          </a>
        </h3>
        <span role="status">
          <ImportProgress repository={repository} />
        </span>
      </header>
      <SyncStatus sync={repository.sync} />
      {repository.import.state === "DONE" ? (
        <div>
          <Button onClick={syncNow} disabled={reconcile.isPending}>
            <SyncIcon aria-hidden /> {reconcile.isPending ? "Syncing…" : "Sync now"}
          </Button>
        </div>
      ) : null}
      <RepositoryIssues
        repositoryName={name}
        issues={repository.issues.nodes}
        totalCount={repository.issues.totalCount}
      />
    </article>
  );
}
