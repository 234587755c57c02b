import { useEffect, useState } from "react";
import { fetchServerVersion } from "../../app/connectivity";

/** SPEC §9: the connectivity poll runs every 30 s (each fetch gives up after 5 s, see fetchServerVersion). */
export const CONNECTIVITY_POLL_INTERVAL_MS = 30_000;

/** The build this page runs; Vite writes it at build time, and tests and the dev server have none. */
export const RUNNING_BUILD_ID = typeof __GANTRY_BUILD_ID__ === "string" ? __GANTRY_BUILD_ID__ : "development";

export interface ServerWatch {
  online: boolean;
  /** The server runs a build other than this page's: a reload would bring the page up to date. */
  newBuildAvailable: boolean;
}

/**
 * Polls /version.json while the tab is visible (SPEC §4 "Connectivity", §9): no answer means
 * offline; an answer with another build id means a newer app is out. A tab coming back into
 * view checks at once. The browser's own `offline` event shows the notice at once rather than at
 * the next poll, and its `online` event checks at once that the server answers again.
 * The extension checks with /ping instead (SPEC §7), which names no build.
 */
export function useServerWatch(check: () => Promise<{ buildId: string | null }> = fetchServerVersion): ServerWatch {
  const [watch, setWatch] = useState<ServerWatch>({ online: true, newBuildAvailable: false });

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const poll = async () => {
      try {
        const { buildId } = await check();
        if (!stopped)
          setWatch((current) => ({
            online: true,
            newBuildAvailable: current.newBuildAvailable || (buildId !== null && buildId !== RUNNING_BUILD_ID),
          }));
      } catch {
        if (!stopped) setWatch((current) => ({ ...current, online: false }));
      }
    };

    const pollWhileVisible = () => {
      clearInterval(timer);
      if (!document.hidden) timer = setInterval(poll, CONNECTIVITY_POLL_INTERVAL_MS);
    };

    const onVisibilityChange = () => {
      if (!document.hidden) void poll();
      pollWhileVisible();
    };

    const onOffline = () => setWatch((current) => ({ ...current, online: false }));
    const onOnline = () => void poll();

    pollWhileVisible();
    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [check]);

  return watch;
}
