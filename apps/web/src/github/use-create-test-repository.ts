import { type Dispatch, useCallback } from "react";
import { CONNECT_REPOSITORY_TASK, useMarkOnboardingTask } from "../onboarding/onboarding-tasks";
import { useToasts } from "../ui/toast/toast-context";
import { useCreateGitHubRepository } from "./api";
import type { GitHubOwner } from "./github-owners";
import {
  REPOSITORY_CREATED_TOAST_MS,
  repositoryCreatedMessage,
  repositoryCreationErrorMessage,
} from "./repository-creation-messages";
import type { RepositoryCreatorAction } from "./repository-creator-state";
import { importFailedMessage } from "./repository-import-messages";
import { useAddRepositoryToWorkspace } from "./workspace-repositories-api";

export interface CreateRepositoryRequest {
  name: string;
  private: boolean;
  description: string | null;
  owner: GitHubOwner;
}

/**
 * Creates the repository on GitHub, then does SPEC §4's after-create steps: add it to the current
 * workspace (when there is one), mark the onboarding task `connect_repository`, and reset and close the modal. A refusal is shown under the name field.
 */
export function useCreateTestRepository({
  dispatch,
  workspaceId,
}: {
  dispatch: Dispatch<RepositoryCreatorAction>;
  workspaceId: string | null;
}) {
  const toasts = useToasts();
  const create = useCreateGitHubRepository();
  const add = useAddRepositoryToWorkspace(workspaceId ?? "");
  const markConnected = useMarkOnboardingTask(CONNECT_REPOSITORY_TASK);
  const { mutateAsync: createRepository } = create;
  const { mutateAsync: addRepository } = add;

  const run = useCallback(
    async (request: CreateRepositoryRequest) => {
      let repository: { ghId: number; name: string };
      try {
        const answer = await createRepository({
          name: request.name,
          private: request.private,
          description: request.description,
          // SPEC §6/§7: no organisation id for the user's own account.
          organizationGhId: request.owner.isUser ? null : String(request.owner.ghId),
        });
        repository = answer.createGitHubRepository.repository;
      } catch (error) {
        const message = error instanceof Error ? error.message : "";
        dispatch({ type: "set-error", error: repositoryCreationErrorMessage(message, request.name) });
        return;
      }
      dispatch({ type: "set-created-repository", repository });
      toasts.show({
        kind: "success",
        message: repositoryCreatedMessage(repository.name),
        durationMs: REPOSITORY_CREATED_TOAST_MS,
      });
      if (workspaceId) {
        try {
          await addRepository({ workspaceId, repositoryGhId: String(repository.ghId) });
        } catch {
          toasts.show({ kind: "error", message: importFailedMessage([repository.name]) });
        }
      }
      markConnected();
      dispatch({ type: "reset" });
    },
    [createRepository, addRepository, dispatch, toasts, workspaceId, markConnected],
  );

  return {
    run: (request: CreateRepositoryRequest) => void run(request),
    isPending: create.isPending || add.isPending,
  };
}
