import type { FormEventHandler, HTMLAttributes } from "react";
import styles from "./Toolbar.module.css";

interface ToolbarProps extends Omit<HTMLAttributes<HTMLElement>, "onSubmit"> {
  /** Names the group for assistive technology when its controls need the context. */
  label?: string;
  align?: "start" | "end";
  /** Makes the toolbar a form (a filter applied with Enter or its button). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

/**
 * A row of controls (filters, counts, buttons) that wraps on narrow screens. A plain group, not
 * ARIA's toolbar: its controls are reached with Tab like any others.
 */
export function Toolbar({ label, align = "start", className, onSubmit, ...rest }: ToolbarProps) {
  const props = {
    role: label ? "group" : undefined,
    "aria-label": label,
    className: [styles.toolbar, align === "end" ? styles.end : null, className].filter(Boolean).join(" "),
    ...rest,
  };
  return onSubmit ? <form onSubmit={onSubmit} {...props} /> : <div {...props} />;
}
