import type { ReactNode } from "react";
import { ContactSupportLine } from "./ContactSupportLine";
import styles from "./ErrorPage.module.css";

interface ErrorPageProps {
  picture: ReactNode;
  title: string;
  children?: ReactNode;
  supportSubject?: string;
  dropSupportHelpEnding?: boolean;
}

/** The frame every full-page error shares: picture, heading, body, then the contact-support line. */
export function ErrorPage({ picture, title, children, supportSubject, dropSupportHelpEnding = false }: ErrorPageProps) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.picture} aria-hidden="true">
          {picture}
        </div>
        <h1 className={styles.title}>{title}</h1>
        {children}
        <ContactSupportLine
          {...(supportSubject ? { subject: supportSubject } : {})}
          dropHelpEnding={dropSupportHelpEnding}
        />
      </div>
    </main>
  );
}
