import { type HTMLAttributes, type ReactNode, useId } from "react";
import styles from "./Panel.module.css";

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  /** The `<h2>` naming the panel; the section is a landmark region by that name. */
  title: ReactNode;
  /** Buttons acting on the panel's content, beside its title. */
  actions?: ReactNode;
  tone?: "default" | "success" | "danger";
}

/** A bordered section of a page, named by its heading. */
export function Panel({ title, actions, tone = "default", className, children, ...rest }: PanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={[styles.panel, tone === "default" ? null : styles[tone], className].filter(Boolean).join(" ")}
      {...rest}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
