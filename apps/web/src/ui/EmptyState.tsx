import type { ReactNode } from "react";
import styles from "./EmptyState.module.css";

interface EmptyStateProps {
  /** What there is none of, in a sentence: "You have no API keys yet." */
  children: ReactNode;
  /** A bolder line above, for empty states that stand alone on a page. */
  title?: ReactNode;
  /** What to do about it: a button or a link. */
  action?: ReactNode;
}

/** Says plainly that a list or table has nothing in it, and what to do if anything. */
export function EmptyState({ children, title, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <p className={styles.text}>{children}</p>
      {action}
    </div>
  );
}
