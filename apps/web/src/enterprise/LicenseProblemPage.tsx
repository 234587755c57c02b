import { Link } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture } from "../errors/pictures";
import { ADMIN_SEATS_PATH } from "./paths";

/** Every workspace while the enterprise license is missing, invalid or expired; admins find why on the admin page. */
export function LicenseProblemPage() {
  const { productName } = useRuntimeConfig();
  return (
    <ErrorPage picture={<LockedPicture />} title={`This ${productName} installation has no valid license`}>
      <p className={errorStyles.text}>Workspaces open again once a valid license is installed. Contact your admins.</p>
      <div className={errorStyles.actions}>
        <Link to={ADMIN_SEATS_PATH}>I run this installation: show the license</Link>
      </div>
    </ErrorPage>
  );
}
