import { type ReactNode, useMemo } from "react";
import { useAuth } from "../accounts/auth-context";
import { useForgetDataOnSignOut } from "../api/use-forget-data-on-sign-out";
import { AppPathsContext } from "../app/app-paths";
import { useViewerHome } from "./api";

/** /landing lists the viewer's organisations, so it is the select-organisation path once they have loaded. */
export const SELECT_ORGANIZATION_PATH = "/landing";

/** Provides the run-time paths (SPEC §2: "Take me home" appears only once the path is known). */
export function SelectOrganizationPathProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  useForgetDataOnSignOut();
  const signedIn = state.status === "signed-in";
  const loaded = useViewerHome({ enabled: signedIn }).isSuccess && signedIn;
  const paths = useMemo(() => ({ selectOrganizationPath: loaded ? SELECT_ORGANIZATION_PATH : null }), [loaded]);
  return <AppPathsContext.Provider value={paths}>{children}</AppPathsContext.Provider>;
}
