import type { ReactNode } from "react";
import styles from "./StatusLabel.module.css";

export type StatusTone = "neutral" | "success" | "attention" | "danger" | "accent";

/** A state in a word or two ("Valid", "Expired", "Failed"); the colour repeats the word, never replaces it. */
export function StatusLabel({ tone = "neutral", children }: { tone?: StatusTone; children: ReactNode }) {
  return (
    <span className={[styles.label, tone === "neutral" ? null : styles[tone]].filter(Boolean).join(" ")}>
      {children}
    </span>
  );
}
