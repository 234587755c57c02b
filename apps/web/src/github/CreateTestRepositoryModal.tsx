import { CODE_HOST_NAME } from "@gantry/domain";
import { type Dispatch, type FormEvent, useEffect, useId } from "react";
import { useLocation } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { Modal } from "../ui/dialog/Modal";
import { FormActions } from "../ui/FormActions";
import formStyles from "../ui/form.module.css";
import text from "../ui/text.module.css";
import { gitHubFailureReason, useGitHubAccounts } from "./api";
import { ConnectGitHubPrompt } from "./ConnectGitHubPrompt";
import styles from "./CreateTestRepositoryModal.module.css";
import { gitHubOwners } from "./github-owners";
import { OwnerSelect } from "./OwnerSelect";
import { PrivacyField } from "./PrivacyField";
import {
  canCreateRepository,
  type RepositoryCreatorAction,
  type RepositoryCreatorState,
} from "./repository-creator-state";
import { type CreateRepositoryRequest, useCreateTestRepository } from "./use-create-test-repository";
import { useShowGitHubAuthFailure } from "./use-show-github-auth-failure";

interface CreateTestRepositoryModalProps {
  state: RepositoryCreatorState;
  dispatch: Dispatch<RepositoryCreatorAction>;
  /** The workspace the new repository joins; none on the workspace create and edit pages (SPEC §4). */
  workspaceId: string | null;
}

/** SPEC §2 "Create test repository modal". */
export function CreateTestRepositoryModal({ state, dispatch, workspaceId }: CreateTestRepositoryModalProps) {
  const { productName } = useRuntimeConfig();
  const nameId = useId();
  const descriptionId = useId();
  const location = useLocation();
  const accounts = useGitHubAccounts();
  const accountsFailure = gitHubFailureReason(accounts.error);
  const showAuthFailure = useShowGitHubAuthFailure();
  useEffect(() => {
    if (accountsFailure === "GITHUB_TOKEN_INVALID") showAuthFailure();
  }, [accountsFailure, showAuthFailure]);
  const owners = accounts.data ? gitHubOwners(accounts.data.user, accounts.data.organizations) : [];
  const create = useCreateTestRepository({ dispatch, workspaceId });

  // The user's own account is chosen until they pick another.
  const firstOwnerId = owners[0]?.id ?? null;
  useEffect(() => {
    if (state.ownerId === null && firstOwnerId !== null) dispatch({ type: "set-owner", ownerId: firstOwnerId });
  }, [state.ownerId, firstOwnerId, dispatch]);

  const owner = owners.find((each) => each.id === state.ownerId) ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!owner || !state.privacy || !canCreateRepository(state)) return;
    const request: CreateRepositoryRequest = {
      name: state.name,
      private: state.privacy === "private",
      description: state.description.trim() || null,
      owner,
    };
    create.run(request);
  };
  const close = () => dispatch({ type: "close" });

  return (
    <Modal title="Create test repository" onDismiss={close} width="medium">
      <p className={text.muted}>
        Start using {productName} right away by creating issues in a test repository. You can change its settings later
        on {CODE_HOST_NAME}'s settings page.
      </p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {accountsFailure === "GITHUB_NOT_CONNECTED" ? (
          <ConnectGitHubPrompt reason="create repositories on it" returnTo={location.pathname} />
        ) : accounts.isError ? (
          <p className={formStyles.error} role="alert">
            We couldn't load your {CODE_HOST_NAME} accounts: {accounts.error.message}
          </p>
        ) : (
          <OwnerSelect
            owners={owners}
            ownerId={state.ownerId}
            onChange={(ownerId) => dispatch({ type: "set-owner", ownerId })}
          />
        )}
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={nameId}>
            Repository name
          </label>
          <input
            id={nameId}
            className={formStyles.input}
            placeholder="E.g. scaling-computing-machine"
            autoComplete="off"
            value={state.name}
            aria-invalid={state.error !== null}
            aria-describedby={state.error ? `${nameId}-hint ${nameId}-error` : `${nameId}-hint`}
            onChange={(event) => dispatch({ type: "set-name", name: event.target.value })}
          />
          <p id={`${nameId}-hint`} className={formStyles.hint}>
            Use a hyphen (-) or an underscore (_) to seperate each word
          </p>
          {state.error ? (
            <p id={`${nameId}-error`} className={formStyles.error} role="alert">
              {state.error}
            </p>
          ) : null}
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={descriptionId}>
            Description <span className={styles.optional}>(optional)</span>
          </label>
          <input
            id={descriptionId}
            className={formStyles.input}
            placeholder="Add a description"
            autoComplete="off"
            value={state.description}
            onChange={(event) => dispatch({ type: "set-description", description: event.target.value })}
          />
        </div>
        <PrivacyField privacy={state.privacy} onChange={(privacy) => dispatch({ type: "set-privacy", privacy })} />
        <FormActions
          submitText={create.isPending ? "Creating…" : "Create test repository"}
          onCancel={close}
          disabled={create.isPending || !canCreateRepository(state)}
        />
      </form>
    </Modal>
  );
}
