import { useEffect, useState } from "react";
import styles from "./Loader.module.css";

/** SPEC §9: a loader waits this long before showing, so quick loads never flash it. */
export const LOADER_DELAY_MS = 1_000;

export function Loader({ delayMs = LOADER_DELAY_MS, label = "Loading" }: { delayMs?: number; label?: string }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return <span className={styles.spinner} role="status" aria-label={label} />;
}
