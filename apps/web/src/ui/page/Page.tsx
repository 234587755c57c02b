import type { HTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { Toolbar } from "../Toolbar";
import styles from "./Page.module.css";

export type PageWidth = "narrow" | "medium" | "wide";

/** A page's `<main>`: a centred column of sections; `wide` for tables of many columns. */
export function Page({ width = "narrow", className, ...rest }: HTMLAttributes<HTMLElement> & { width?: PageWidth }) {
  return <main className={[styles.page, styles[width], className].filter(Boolean).join(" ")} {...rest} />;
}

export interface Crumb {
  label: string;
  to: string;
}

interface PageHeaderProps {
  title: ReactNode;
  /** The pages above this one, outermost first; the page itself is the title, not a crumb. */
  breadcrumb?: Crumb[];
  /** Buttons or links acting on the whole page, at the header's end. */
  actions?: ReactNode;
  /** A line or two under the title saying what the page is for. */
  children?: ReactNode;
}

/** The page's one `<h1>`, with where it sits and what can be done to all of it. */
export function PageHeader({ title, breadcrumb, actions, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        {breadcrumb && breadcrumb.length > 0 ? (
          <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
            <ol>
              {breadcrumb.map((crumb) => (
                <li key={crumb.to}>
                  <Link to={crumb.to}>{crumb.label}</Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
      {actions ? <Toolbar>{actions}</Toolbar> : null}
    </header>
  );
}
