import { CODE_HOST_NAME } from "@gantry/domain";
import { LockIcon, RepoIcon } from "@primer/octicons-react";
import { useEffect, useState } from "react";
import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import formStyles from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import { SelectionList, type SelectionOption } from "../ui/selection-list/SelectionList";
import text from "../ui/text.module.css";
import { type GitHubRepositoryOption, gitHubFailureReason, repositoryFullName, useGitHubRepositories } from "./api";
import { ConnectGitHubPrompt } from "./ConnectGitHubPrompt";
import { useShowGitHubAuthFailure } from "./use-show-github-auth-failure";

interface ImportRepositoriesDialogProps {
  /** Repositories already in the workspace, left out of the list. */
  connectedGhIds: ReadonlySet<number>;
  returnTo: string;
  onImport: (repositories: GitHubRepositoryOption[]) => void;
  onClose: () => void;
}

/** The import button says what it will do: nothing chosen yet, one repository, or how many. */
function importLabel(count: number): string {
  if (count === 0) return "Import";
  return count === 1 ? "Import repository" : `Import ${count} repositories`;
}

/** Picks repositories from the viewer's GitHub repositories to import into the workspace. */
export function ImportRepositoriesDialog({
  connectedGhIds,
  returnTo,
  onImport,
  onClose,
}: ImportRepositoriesDialogProps) {
  const repositories = useGitHubRepositories();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const reason = gitHubFailureReason(repositories.error);
  const showAuthFailure = useShowGitHubAuthFailure();
  useEffect(() => {
    if (reason === "GITHUB_TOKEN_INVALID") showAuthFailure();
  }, [reason, showAuthFailure]);

  const offered = (repositories.data ?? []).filter((repository) => !connectedGhIds.has(repository.ghId));
  const options: SelectionOption[] = offered.map((repository) => ({
    id: String(repository.ghId),
    label: repositoryFullName(repository),
    description: repository.isPrivate ? "Private" : "Public",
    icon: repository.isPrivate ? <LockIcon aria-hidden /> : <RepoIcon aria-hidden />,
  }));
  const chosen = offered.filter((repository) => selectedIds.includes(String(repository.ghId)));

  return (
    <Modal title="Import repositories" onDismiss={onClose}>
      {repositories.isPending ? <Loader label={`Loading your ${CODE_HOST_NAME} repositories`} delayMs={0} /> : null}
      {reason === "GITHUB_NOT_CONNECTED" ? (
        <ConnectGitHubPrompt reason="import its repositories" returnTo={returnTo} />
      ) : repositories.isError ? (
        <LoadError error={repositories.error} onRetry={() => void repositories.refetch()}>
          We couldn't list your {CODE_HOST_NAME} repositories
        </LoadError>
      ) : null}
      {repositories.data && options.length === 0 ? (
        <p className={text.muted}>Every repository you can push to is already in this workspace.</p>
      ) : null}
      {options.length > 0 ? (
        <SelectionList
          label="Repositories to import"
          selectionMode="multiple"
          options={options}
          selectedIds={selectedIds}
          onSelectionChange={setSelectedIds}
          onClose={onClose}
          search={{ placeholder: "Search repositories" }}
          width={430}
          height={360}
        />
      ) : null}
      <div className={formStyles.actions}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={chosen.length === 0} onClick={() => onImport(chosen)}>
          {importLabel(chosen.length)}
        </Button>
      </div>
    </Modal>
  );
}
