import { useEffect, useState } from "react";
import { fetchServerVersion, type ServerVersion } from "../../app/connectivity";

/** SPEC §9: the connectivity poll runs every 30 s (each fetch gives up after 5 s, see fetchServerVersion). */
export const CONNECTIVITY_POLL_INTERVAL_MS = 30_000;

/** The build this page runs; Vite writes it at build time, and tests and the dev server have none. */
export const RUNNING_BUILD_ID = typeof __GANTRY_BUILD_ID__ === "string" ? __GANTRY_BUILD_ID__ : "development";

export interface ServerWatch {
  online: boolean;
  /** The server runs a build other than this page's: a reload would bring the page up to date. */
  newBuildAvailable: boolean;
}

interface ServerWatchOptions {
  fetchVersion?: () => Promise<ServerVersion>;
  runningBuildId?: string;
  intervalMs?: number;
}

/**
 * Polls /version.json while the tab is visible (SPEC §4 "Connectivity", §9): no answer means
 * offline; an answer with another build id means a newer app is out. A tab coming back into
 * view checks at once.
 */
export function useServerWatch({
  fetchVersion = fetchServerVersion,
  runningBuildId = RUNNING_BUILD_ID,
  intervalMs = CONNECTIVITY_POLL_INTERVAL_MS,
}: ServerWatchOptions = {}): ServerWatch {
  const [watch, setWatch] = useState<ServerWatch>({ online: true, newBuildAvailable: false });

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const check = async () => {
      try {
        const { buildId } = await fetchVersion();
        if (!stopped)
          setWatch((current) => ({
            online: true,
            newBuildAvailable: current.newBuildAvailable || buildId !== runningBuildId,
          }));
      } catch {
        if (!stopped) setWatch((current) => ({ ...current, online: false }));
      }
    };

    const follow = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.hidden) return;
      timer = setInterval(check, intervalMs);
    };

    const onVisibilityChange = () => {
      if (!document.hidden) void check();
      follow();
    };

    follow();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [fetchVersion, runningBuildId, intervalMs]);

  return watch;
}
