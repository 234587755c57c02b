import type { ReactNode } from "react";
import { Button } from "./Button";
import styles from "./Toolbar.module.css";
import text from "./text.module.css";

interface LoadErrorProps {
  /** What failed, as a sentence without its end: "The audit log could not be loaded". */
  children: ReactNode;
  error: Error;
  onRetry: () => void;
}

/** A read that failed: what, why, and a button to ask again; announced when it appears. */
export function LoadError({ children, error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className={styles.toolbar}>
      <p className={text.muted}>
        {children}: {error.message}
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
