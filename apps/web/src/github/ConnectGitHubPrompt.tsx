import { CODE_HOST_NAME } from "@gantry/domain";
import { useAuth } from "../accounts/auth-context";
import { Toolbar } from "../ui/Toolbar";
import text from "../ui/text.module.css";
import { ContinueWithGitHubForm } from "./ContinueWithGitHubForm";

/** For a GitHub call answered GITHUB_NOT_CONNECTED: connect GitHub to this account, then come back. */
export function ConnectGitHubPrompt({ reason, returnTo }: { reason: string; returnTo: string }) {
  const { state } = useAuth();
  return (
    <Toolbar>
      <p className={text.muted}>
        Connect your {CODE_HOST_NAME} account to {reason}.
      </p>
      <ContinueWithGitHubForm
        label={`Connect ${CODE_HOST_NAME}`}
        linkToken={"token" in state ? state.token : null}
        returnTo={returnTo}
      />
    </Toolbar>
  );
}
