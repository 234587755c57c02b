import { useCallback } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../accounts/auth-context";
import { CONNECTIVITY_TIMEOUT_MS } from "../app/connectivity";
import { useRuntimeConfig } from "../app/runtime-config";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { useConnectivityNotices } from "../shell/connectivity/use-connectivity-notices";
import { useServerWatch } from "../shell/connectivity/use-server-watch";
import { Button } from "../ui/Button";
import { ToastProvider } from "../ui/toast/ToastProvider";
import styles from "./Extension.module.css";

/** SPEC §7: in the extension the connectivity check is GET {host}/ping; it names no build. */
export async function pingServer(fetchImpl: typeof fetch = fetch): Promise<{ buildId: null }> {
  const response = await fetchImpl("/ping", {
    cache: "no-store",
    signal: AbortSignal.timeout(CONNECTIVITY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`ping answered ${response.status}`);
  return { buildId: null };
}

function reloadPage() {
  window.location.reload();
}

/**
 * The signed-in frame of the embedded app. GitHub's page around it already has a header, so
 * the board gets a slim bar and the issue sidebar none; the theme is GitHub's, not a choice here.
 */
export function ExtensionShell({ compact = false }: { compact?: boolean }) {
  return (
    <ToastProvider>
      <CommandRegistryProvider>
        <OrganizationStateProvider>
          <ExtensionFrame compact={compact} />
        </OrganizationStateProvider>
      </CommandRegistryProvider>
    </ToastProvider>
  );
}

function ExtensionFrame({ compact }: { compact: boolean }) {
  const { productName } = useRuntimeConfig();
  const { signOut } = useAuth();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  useConnectivityNotices(useServerWatch(pingServer), reloadPage);
  return (
    <div className={compact ? `${styles.frame} ${styles.compact}` : styles.frame}>
      {compact ? null : (
        <header className={styles.bar}>
          <span className={styles.product}>{productName}</span>
          <span className={styles.barEnd}>
            <Button onClick={onSignOut}>Sign out</Button>
          </span>
        </header>
      )}
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
