import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../accounts/auth-context";
import { useRunOnce } from "../../accounts/use-run-once";
import { ErrorPage } from "../../errors/ErrorPage";
import errorStyles from "../../errors/ErrorPage.module.css";
import { BrokenLinkPicture } from "../../errors/pictures";
import { Button } from "../../ui/Button";
import { Loader } from "../../ui/Loader";
import { useAcceptInvite, useInviteTokenValidity } from "./api";
import { INVALID_INVITE_TOKEN_PATH, type InvalidInviteTokenState } from "./InvalidInviteTokenPage";

/**
 * /invite?token=…, the link in an invitation mail. A valid token joins a signed-in person to the
 * organisation; anyone else signs up through it (or logs in and comes back here).
 */
export function InvitePage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const location = useLocation();
  const { state } = useAuth();
  const validity = useInviteTokenValidity(token);

  if (token === "" || validity.data === false) {
    const invalid: InvalidInviteTokenState = { from: location.pathname + location.search };
    return <Navigate to={INVALID_INVITE_TOKEN_PATH} replace state={invalid} />;
  }
  if (validity.isError) {
    return (
      <ErrorPage picture={<BrokenLinkPicture />} title="We couldn't check your invitation">
        <p className={errorStyles.text}>{validity.error.message}</p>
        <div className={errorStyles.actions}>
          <Button variant="primary" onClick={() => void validity.refetch()}>
            Try again
          </Button>
        </div>
      </ErrorPage>
    );
  }
  if (validity.data === undefined || state.status === "loading") return <Loader label="Checking your invitation" />;
  if (state.status !== "signed-in") return <Navigate to={`/signup?invite=${encodeURIComponent(token)}`} replace />;
  return <AcceptInvite token={token} />;
}

function AcceptInvite({ token }: { token: string }) {
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  useRunOnce(() => accept.mutate({ token }, { onSuccess: () => navigate("/landing", { replace: true }) }));
  if (!accept.error) return <Loader label="Joining the organization" />;
  return (
    <ErrorPage picture={<BrokenLinkPicture />} title="We couldn't accept your invitation">
      <p className={errorStyles.text}>{accept.error.message}</p>
      <div className={errorStyles.actions}>
        <Link to="/landing">Go to your workspaces</Link>
      </div>
    </ErrorPage>
  );
}
