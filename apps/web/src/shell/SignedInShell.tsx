import { useCallback } from "react";
import { useAuth } from "../accounts/auth-context";
import { OrganizationSwitcher } from "../organizations/OrganizationSwitcher";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { AppShell } from "./AppShell";

/** The layout route of signed-in pages: the app shell, signing out through the session. */
export function SignedInShell() {
  const { signOut } = useAuth();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  return (
    <OrganizationStateProvider>
      <AppShell onSignOut={onSignOut} organizationSlot={<OrganizationSwitcher />} />
    </OrganizationStateProvider>
  );
}
