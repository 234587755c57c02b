import type { ReactNode } from "react";
import styles from "./IconButton.module.css";

interface IconButtonProps {
  /** What the button does, for screen readers ("Delete High"): the icon alone says nothing to them. */
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  /** `large` lines up with 32px controls (a text field, a header bar); rows of a list take `medium`. */
  size?: "medium" | "large";
  /** `danger` for a button that takes something away: it turns red under the pointer. */
  tone?: "default" | "danger";
  onClick: () => void;
}

/** A borderless button showing only an icon, for actions on a row of a list. */
export function IconButton({
  label,
  icon,
  disabled = false,
  size = "medium",
  tone = "default",
  onClick,
}: IconButtonProps) {
  const className = [
    styles.iconButton,
    size === "large" ? styles.large : null,
    tone === "danger" ? styles.danger : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button type="button" className={className} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
}
