import { useCallback } from "react";
import { CONNECT_REPOSITORY_TASK, useMarkOnboardingTask } from "../onboarding/onboarding-tasks";
import { useToasts } from "../ui/toast/toast-context";
import { type GitHubRepositoryOption, gitHubFailureReason } from "./api";
import { importInSequence } from "./import-in-sequence";
import { IMPORTING_REPOSITORIES, importFailedMessage, REPOSITORIES_IMPORTED } from "./repository-import-messages";
import { useShowGitHubAuthFailure } from "./use-show-github-auth-failure";
import { useAddRepositoryToWorkspace } from "./workspace-repositories-api";

/**
 * SPEC §8 "Repository import": a saving toast while the repositories are added in sequence, then
 * success, or the names of those that failed. One added marks the onboarding task `connect_repository`. A GitHub token found invalid opens the auth-failed page.
 */
export function useImportRepositories(workspaceId: string) {
  const toasts = useToasts();
  const showAuthFailure = useShowGitHubAuthFailure();
  const { mutateAsync: addRepository } = useAddRepositoryToWorkspace(workspaceId);
  const markConnected = useMarkOnboardingTask(CONNECT_REPOSITORY_TASK);
  return useCallback(
    async (repositories: readonly GitHubRepositoryOption[], savingMessage = IMPORTING_REPOSITORIES) => {
      const saving = toasts.show({ kind: "saving", message: savingMessage });
      const { failed } = await importInSequence(repositories, (repository) =>
        addRepository({ workspaceId, repositoryGhId: String(repository.ghId) }),
      );
      toasts.dismiss(saving);
      if (failed.length < repositories.length) markConnected();
      if (failed.length === 0) {
        toasts.show({ kind: "success", message: REPOSITORIES_IMPORTED });
        return;
      }
      toasts.show({
        kind: "error",
        message: importFailedMessage(failed.map(({ repository }) => repository.name)),
      });
      if (failed.some(({ error }) => gitHubFailureReason(error) === "GITHUB_TOKEN_INVALID")) showAuthFailure();
    },
    [toasts, addRepository, workspaceId, showAuthFailure, markConnected],
  );
}
