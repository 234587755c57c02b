import { CODE_HOST_NAME } from "@gantry/domain";
import { DownloadIcon } from "@primer/octicons-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../ui/Button";
import { Panel } from "../ui/Panel";
import { QueryStatus } from "../ui/QueryStatus";
import { Toolbar } from "../ui/Toolbar";
import text from "../ui/text.module.css";
import { useGitHubUser } from "./api";
import { ConnectGitHubPrompt } from "./ConnectGitHubPrompt";
import { CreateTestRepositoryButton } from "./CreateTestRepositoryButton";
import { ImportRepositoriesDialog } from "./ImportRepositoriesDialog";
import { RepositoryPanel } from "./RepositoryPanel";
import { useImportRepositories } from "./use-import-repositories";
import styles from "./WorkspaceRepositories.module.css";
import { useWorkspaceRepositories } from "./workspace-repositories-api";

interface WorkspaceRepositoriesProps {
  workspaceId: string;
  /** Whether the viewer may connect repositories (write or admin in the workspace). */
  canConnect: boolean;
}

/**
 * The workspace's connected GitHub repositories, and importing or creating more: both need the
 * person's GitHub account, so someone who may connect but has no GitHub account connected is
 * offered to connect it instead of two buttons that could only fail (docs/decisions/0059).
 */
export function WorkspaceRepositories({ workspaceId, canConnect }: WorkspaceRepositoriesProps) {
  const location = useLocation();
  const repositories = useWorkspaceRepositories(workspaceId);
  const importRepositories = useImportRepositories(workspaceId);
  const gitHubUser = useGitHubUser();
  const [importing, setImporting] = useState(false);
  const connectedGhIds = new Set((repositories.data ?? []).map((repository) => repository.ghId));

  return (
    <Panel
      frame="open"
      title="Repositories"
      actions={
        canConnect && gitHubUser.data ? (
          <Toolbar>
            <CreateTestRepositoryButton workspaceId={workspaceId} />
            <Button variant="primary" onClick={() => setImporting(true)}>
              <DownloadIcon aria-hidden />
              Import repositories
            </Button>
          </Toolbar>
        ) : null
      }
    >
      {canConnect && gitHubUser.data === null ? (
        <ConnectGitHubPrompt reason="import its repositories into this workspace" returnTo={location.pathname} />
      ) : null}
      <QueryStatus query={repositories} loading="Loading the workspace's repositories">
        We couldn't load this workspace's repositories
      </QueryStatus>
      {repositories.data?.length === 0 ? (
        <p className={text.muted}>
          No {CODE_HOST_NAME} repositories yet.
          {canConnect ? " Import some to bring their issues and pull requests into this workspace." : null}
        </p>
      ) : null}
      {repositories.data && repositories.data.length > 0 ? (
        <div className={styles.panels}>
          {repositories.data.map((repository) => (
            <RepositoryPanel key={repository.id} repository={repository} workspaceId={workspaceId} />
          ))}
        </div>
      ) : null}
      {importing ? (
        <ImportRepositoriesDialog
          connectedGhIds={connectedGhIds}
          returnTo={location.pathname}
          onClose={() => setImporting(false)}
          onImport={(chosen) => {
            setImporting(false);
            void importRepositories(chosen);
          }}
        />
      ) : null}
    </Panel>
  );
}
