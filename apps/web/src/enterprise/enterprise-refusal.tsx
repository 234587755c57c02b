import type { ReactElement } from "react";
import { LicenseProblemPage } from "./LicenseProblemPage";
import { NoLicensePage } from "./NoLicensePage";
import { isLicenseProblem, isSeatRequired } from "./seat-errors";

/** The page for a workspace the enterprise edition refused (no seat, or no valid license); null for any other error. */
export function enterpriseRefusalPage(error: unknown): ReactElement | null {
  if (isSeatRequired(error)) return <NoLicensePage seatRequested={error.extensions.seatRequested === true} />;
  if (isLicenseProblem(error)) return <LicenseProblemPage />;
  return null;
}
