import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { WorkspaceAuthFailedPage } from "../github/WorkspaceAuthFailedPage";
import { Loader } from "../ui/Loader";
import { AuthWarning } from "./AuthWarning";
import { useAuth } from "./auth-context";

/** Pages for signed-in people: the rest go to /login, and come back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  switch (state.status) {
    case "loading":
      return <Loader />;
    case "signed-out":
      return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
    case "signed-in":
      return children;
    case "load-failed":
      // SPEC §8: the user load's two special errors are workspace authentication failures.
      if (state.reason === "account-missing") return <WorkspaceAuthFailedPage failure="account-missing" />;
      if (state.reason === "code-host-token-invalid")
        return <WorkspaceAuthFailedPage failure="code-host-token-invalid" />;
      return <AuthWarning />;
    case "unauthorised":
      return <AuthWarning />;
  }
}
