import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture } from "../errors/pictures";
import { useFlagSetting } from "../settings/use-flag-setting";
import { Button } from "../ui/Button";
import { useRequestEnterpriseSeat } from "./api";

type LicenseRequest = "not-requested" | "notified" | "already-requested";

export const ALREADY_REQUESTED_TITLE = "Hmm... Looks like you've already requested a license";

/**
 * SPEC §2 no-license page: a workspace refused for want of a seat. Not requested → (request) →
 * notified; a request already waiting shows the third state, with nothing to press.
 */
export function NoLicensePage({ seatRequested }: { seatRequested: boolean }) {
  const { productName } = useRuntimeConfig();
  const [state, setState] = useState<LicenseRequest>(seatRequested ? "already-requested" : "not-requested");
  const requestSeat = useRequestEnterpriseSeat();
  const tutorialsHidden = useFlagSetting("tutorials_panel_dismissed");
  const navigate = useNavigate();

  const request = () =>
    requestSeat.mutate(
      {},
      {
        onSuccess: ({ requestEnterpriseSeat }) =>
          setState(requestEnterpriseSeat.alreadyRequested ? "already-requested" : "notified"),
      },
    );

  // The tutorials live on the home page; they are shown again in case the person had hidden them.
  const startExploring = () => {
    if (tutorialsHidden.on) tutorialsHidden.set(false);
    navigate("/landing");
  };

  if (state === "already-requested") {
    return (
      <ErrorPage picture={<LockedPicture />} title={ALREADY_REQUESTED_TITLE}>
        <p className={errorStyles.text}>Please wait for your admin to approve your request</p>
      </ErrorPage>
    );
  }
  if (state === "notified") {
    return (
      <ErrorPage picture={<LockedPicture />} title="Your admin has been notified">
        <div className={errorStyles.actions}>
          <Button variant="primary" onClick={startExploring}>
            Start exploring
          </Button>
        </div>
      </ErrorPage>
    );
  }
  return (
    <ErrorPage picture={<LockedPicture />} title={`You need a ${productName} license to access this Workspace`}>
      <p className={errorStyles.text}>Contact your admins to request a license</p>
      {requestSeat.isError ? (
        <p className={errorStyles.text} role="alert">
          Your request could not be sent: {requestSeat.error.message}
        </p>
      ) : null}
      <div className={errorStyles.actions}>
        <Button variant="primary" onClick={request} disabled={requestSeat.isPending}>
          Request a license
        </Button>
      </div>
    </ErrorPage>
  );
}
