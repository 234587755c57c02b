import { Link } from "react-router";
import { useAuth } from "../accounts/auth-context";
import { useNavigationState } from "../accounts/navigation";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture } from "../errors/pictures";
import { useViewerHome } from "../organizations/api";
import { Button } from "../ui/Button";
import type { WorkspacePermissionsErrorState } from "./permissions-error-state";
import { RequestOrganizationAccess } from "./RequestOrganizationAccess";

export const NO_WORKSPACE_ACCESS_TITLE = "You don't have access to this workspace";
export const SAML_REQUIRED_TITLE = "Single sign-on required";

/** SPEC §2 /workspace-permissions-error: why the workspace did not open, and how to get in. */
export function WorkspacePermissionsErrorPage() {
  const { reason, organizationId, organizationName, from } = useNavigationState<WorkspacePermissionsErrorState>();
  const home = useViewerHome();
  const isMember = home.data?.organizations.some((organization) => organization.id === organizationId) ?? false;
  const { signInAgain } = useAuth();
  const title = reason === "SAML_AUTH_REQUIRED" ? SAML_REQUIRED_TITLE : NO_WORKSPACE_ACCESS_TITLE;

  return (
    <ErrorPage picture={<LockedPicture />} title={title} supportSubject={title}>
      {reason === "SAML_AUTH_REQUIRED" ? (
        <>
          <p className={errorStyles.text}>
            {organizationName ?? "This organization"} requires you to sign in with SAML single sign-on. Sign in again
            through your organization's identity provider to continue.
          </p>
          <div className={errorStyles.actions}>
            <Button variant="primary" onClick={() => void signInAgain()}>
              Sign in again
            </Button>
          </div>
        </>
      ) : !organizationId || !organizationName ? (
        <p className={errorStyles.text}>The workspace may have been deleted, or the link you followed may be wrong.</p>
      ) : reason === "WORKSPACE_PERMISSION" ? (
        <p className={errorStyles.text}>
          Your permission in this workspace does not allow this. Ask an admin of the workspace for more access.
        </p>
      ) : isMember ? (
        <p className={errorStyles.text}>
          This is a private workspace in {organizationName}. Ask one of its admins to give you a role in it.
        </p>
      ) : home.data ? (
        <RequestOrganizationAccess
          organization={{ id: organizationId, name: organizationName }}
          alreadyRequested={home.data.accessRequests.some(
            (request) => request.state === "PENDING" && request.requestable.id === organizationId,
          )}
        />
      ) : null}
      <div className={errorStyles.actions}>
        {from ? <Link to={from}>Try again</Link> : null}
        <Link to="/landing">Back to your workspaces</Link>
      </div>
    </ErrorPage>
  );
}
