import { type HTMLAttributes, type ReactNode, useId } from "react";
import styles from "./Panel.module.css";
import text from "./text.module.css";

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  /** The heading naming the panel; the section is a landmark region by that name. */
  title: ReactNode;
  /** Buttons acting on the panel's content, beside its title. */
  actions?: ReactNode;
  /** A line under the title saying what the panel is for. */
  description?: ReactNode;
  tone?: "default" | "success" | "danger";
  /**
   * `bordered` stands alone on a page; `plain` is one of several sections inside a bordered frame of
   * its own (the workspace settings), so it has no border and its heading is one level lower; `open`
   * is a section of the page itself with no border, whose content draws its own cards (/landing).
   */
  frame?: "bordered" | "plain" | "open";
  /** The heading's id, for a link that scrolls to the panel; one is made up when not given. */
  titleId?: string;
}

/** A section of a page, named by its heading. */
export function Panel({
  title,
  actions,
  description,
  tone = "default",
  frame = "bordered",
  titleId,
  className,
  children,
  ...rest
}: PanelProps) {
  const madeId = useId();
  const headingId = titleId ?? madeId;
  const Heading = frame === "plain" ? "h3" : "h2";
  return (
    <section
      aria-labelledby={headingId}
      className={[styles.panel, styles[frame], tone === "default" ? null : styles[tone], className]
        .filter(Boolean)
        .join(" ")}
      {...rest}
    >
      <div className={styles.header}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {actions}
      </div>
      {description ? <p className={text.muted}>{description}</p> : null}
      {children}
    </section>
  );
}
