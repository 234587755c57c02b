import { CODE_HOST_NAME } from "@gantry/domain";
import { useAuth } from "../accounts/auth-context";
import { ContinueWithGitHubForm } from "./ContinueWithGitHubForm";
import styles from "./WorkspaceRepositories.module.css";

/** For a GitHub call answered GITHUB_NOT_CONNECTED: connect GitHub to this account, then come back. */
export function ConnectGitHubPrompt({ reason, returnTo }: { reason: string; returnTo: string }) {
  const { state } = useAuth();
  return (
    <div className={styles.problem}>
      <p>
        Connect your {CODE_HOST_NAME} account to {reason}.
      </p>
      <ContinueWithGitHubForm
        label={`Connect ${CODE_HOST_NAME}`}
        linkToken={"token" in state ? state.token : null}
        returnTo={returnTo}
      />
    </div>
  );
}
