import { useCallback } from "react";
import { useAuth } from "../accounts/auth-context";
import { useEnterpriseSeat } from "../enterprise/use-enterprise-seat";
import { OrganizationSwitcher } from "../organizations/OrganizationSwitcher";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { useAccountTheme } from "../settings/use-account-theme";
import { AppShell } from "./AppShell";

/** The layout route of signed-in pages: the app shell, signing out through the session. */
export function SignedInShell() {
  const { signOut } = useAuth();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  // Loads the saved user settings as soon as someone is signed in.
  const accountTheme = useAccountTheme();
  // Enterprise edition: keeps the viewer's seat and reports its daily use.
  useEnterpriseSeat();
  return (
    <OrganizationStateProvider>
      <AppShell onSignOut={onSignOut} accountTheme={accountTheme} organizationSlot={<OrganizationSwitcher />} />
    </OrganizationStateProvider>
  );
}
