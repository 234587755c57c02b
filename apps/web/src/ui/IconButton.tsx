import type { ReactNode } from "react";
import styles from "./IconButton.module.css";

interface IconButtonProps {
  /** What the button does, for screen readers ("Delete High"): the icon alone says nothing to them. */
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}

/** A borderless button showing only an icon, for actions on a row of a list. */
export function IconButton({ label, icon, disabled = false, onClick }: IconButtonProps) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
}
