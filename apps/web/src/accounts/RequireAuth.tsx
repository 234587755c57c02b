import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
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
    case "unauthorised":
    case "load-failed":
      return <AuthWarning />;
  }
}
