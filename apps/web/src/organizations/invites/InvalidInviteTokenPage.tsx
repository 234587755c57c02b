import { Link } from "react-router";
import { useNavigationState } from "../../accounts/navigation";
import { useRuntimeConfig } from "../../app/runtime-config";
import { ErrorPage } from "../../errors/ErrorPage";
import errorStyles from "../../errors/ErrorPage.module.css";
import { BrokenLinkPicture } from "../../errors/pictures";

export const INVALID_INVITE_TOKEN_PATH = "/invalid-invite-token";
export const INVALID_INVITE_TITLE = "This invitation is no longer valid";

/** Navigation state of /invalid-invite-token (SPEC §2): the route the person came from. */
export interface InvalidInviteTokenState {
  from?: string;
}

/** SPEC §2 /invalid-invite-token. */
export function InvalidInviteTokenPage() {
  const { productName } = useRuntimeConfig();
  const { from } = useNavigationState<InvalidInviteTokenState>();
  return (
    <ErrorPage picture={<BrokenLinkPicture />} title={INVALID_INVITE_TITLE} supportSubject={INVALID_INVITE_TITLE}>
      <p className={errorStyles.text}>
        The invitation may have expired, been revoked, or already been used. Ask an admin of the organization to send
        you a new one.
      </p>
      <div className={errorStyles.actions}>
        <Link to="/landing">Go to {productName}</Link>
        {from ? <Link to={from}>Open the invitation link again</Link> : null}
      </div>
    </ErrorPage>
  );
}
