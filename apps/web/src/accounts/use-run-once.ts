import { useEffect, useRef } from "react";

/** Runs an effect once per mount even under StrictMode's double effects: for calls that spend a token. */
export function useRunOnce(effect: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    effect();
  });
}
