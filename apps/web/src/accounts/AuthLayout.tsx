import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import styles from "./AuthPage.module.css";

/** The card every signed-out page sits in: brand, heading, optional lead text, content. */
export function AuthLayout({
  title,
  lead,
  children,
  pageMarker,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  pageMarker?: string;
}) {
  const { productName } = useRuntimeConfig();
  return (
    <main className={styles.page} data-page-marker={pageMarker}>
      <section className={styles.card} aria-labelledby="auth-title">
        <Link to="/login" className={styles.brand}>
          <img src="/favicon.svg" alt="" />
          {productName}
        </Link>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </section>
    </main>
  );
}

export function FormMessage({ kind, children }: { kind: "error" | "notice" | "success"; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={styles[kind]} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
