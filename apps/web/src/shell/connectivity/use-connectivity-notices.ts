import { useEffect } from "react";
import { useRuntimeConfig } from "../../app/runtime-config";
import { useToasts } from "../../ui/toast/toast-context";
import type { ServerWatch } from "./use-server-watch";

/** SPEC §2 "Offline toast". */
export const OFFLINE_MESSAGE = "Looks like you're offline. Some actions may not work";

/** Shows the offline toast while offline and offers a reload once a newer build is out. */
export function useConnectivityNotices(watch: ServerWatch, reload: () => void): void {
  const { show, dismiss } = useToasts();
  const { productName } = useRuntimeConfig();

  useEffect(() => {
    if (watch.online) return;
    const id = show({ kind: "error", message: OFFLINE_MESSAGE, durationMs: null });
    return () => dismiss(id);
  }, [watch.online, show, dismiss]);

  useEffect(() => {
    if (!watch.newBuildAvailable) return;
    const id = show({
      kind: "info",
      message: `A new version of ${productName} is available.`,
      durationMs: null,
      action: { label: "Reload", onPress: reload },
    });
    return () => dismiss(id);
  }, [watch.newBuildAvailable, productName, reload, show, dismiss]);
}
