import { useCallback } from "react";
import { useAuth } from "../accounts/auth-context";
import { AppShell } from "./AppShell";

/** The layout route of signed-in pages: the app shell, signing out through the session. */
export function SignedInShell() {
  const { signOut } = useAuth();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  return <AppShell onSignOut={onSignOut} />;
}
