import type { ReactNode } from "react";
import form from "../../ui/form.module.css";
import styles from "./FieldSettings.module.css";

/** A row's icon-only action, named for screen readers (e.g. "Delete High"). */
export function RowButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
}

/** The section's last refusal, if any. */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <p className={form.error} role="alert">
      {message}
    </p>
  ) : null;
}
