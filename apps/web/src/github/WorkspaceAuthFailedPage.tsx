import { useNavigate } from "react-router";
import { useAuth } from "../accounts/auth-context";
import { useNavigationState } from "../accounts/navigation";
import { useRuntimeConfig } from "../app/runtime-config";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture } from "../errors/pictures";
import { Button } from "../ui/Button";
import { type WorkspaceAuthFailedState, type WorkspaceAuthFailure, workspaceAuthFailureTexts } from "./auth-failures";
import { ContinueWithGitHubForm } from "./ContinueWithGitHubForm";

/** /workspace-authentication-failed: the case comes in the navigation state, the default case without one. */
export function WorkspaceAuthFailedRoute() {
  const { failure = "expired", from } = useNavigationState<WorkspaceAuthFailedState>();
  return <WorkspaceAuthFailedPage failure={failure} returnTo={from} />;
}

/** SPEC §2 "Workspace authentication-failed page", with the §8 texts for each case. */
export function WorkspaceAuthFailedPage({ failure, returnTo }: { failure: WorkspaceAuthFailure; returnTo?: string }) {
  const { productName } = useRuntimeConfig();
  const { state, signInAgain, signOut } = useAuth();
  const navigate = useNavigate();
  const texts = workspaceAuthFailureTexts(failure, productName);
  const { action } = texts;
  return (
    <ErrorPage
      picture={<LockedPicture />}
      title={texts.title}
      supportSubject={texts.supportSubject}
      dropSupportHelpEnding={texts.dropSupportHelpEnding}
    >
      <p className={errorStyles.text}>{texts.body}</p>
      <div className={errorStyles.actions}>
        {action.kind === "provider-sign-in" ? (
          // With a session, GitHub is connected again to the same account; without one, this signs in with GitHub.
          <ContinueWithGitHubForm
            variant="primary"
            linkToken={"token" in state ? state.token : null}
            {...(returnTo ? { returnTo } : {})}
          />
        ) : (
          <Button
            variant="primary"
            onClick={() => {
              const leave = action.kind === "sign-in-again" ? signInAgain() : signOut();
              void leave.then(() => navigate("/login", { replace: true }));
            }}
          >
            {action.label}
          </Button>
        )}
      </div>
    </ErrorPage>
  );
}
