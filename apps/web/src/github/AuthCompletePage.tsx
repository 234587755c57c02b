import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useAuth } from "../accounts/auth-context";
import { useRunOnce } from "../accounts/use-run-once";
import { Loader } from "../ui/Loader";
import { readCompletedSignIn } from "./auth-complete";

/**
 * /auth/complete: where the GitHub callback hands over the new session in the URL fragment.
 * The fragment is dropped from history at once, so the token is neither kept nor shared by a copied link.
 */
export function AuthCompletePage() {
  // Read once: the fragment is gone from the address after the first render.
  const [completed] = useState(() => readCompletedSignIn(window.location.hash));
  if (!completed) return <Navigate to="/login" replace />;
  return <CompleteSignIn token={completed.token} returnTo={completed.returnTo} />;
}

function CompleteSignIn({ token, returnTo }: { token: string; returnTo: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  useRunOnce(() => {
    void signIn(token).then(() => navigate(returnTo, { replace: true }));
  });
  return (
    <main>
      <Loader label="Signing you in" delayMs={0} />
    </main>
  );
}
