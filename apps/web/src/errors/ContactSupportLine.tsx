import { mailtoHref, supportLineParts } from "@gantry/domain";
import { useRuntimeConfig } from "../app/runtime-config";
import styles from "./ErrorPage.module.css";

interface ContactSupportLineProps {
  subject?: string;
  dropHelpEnding?: boolean;
}

/** "Need some assistance? Contact {email} and let us know how we can help." */
export function ContactSupportLine({ subject, dropHelpEnding = false }: ContactSupportLineProps) {
  const { supportEmail } = useRuntimeConfig();
  const { before, after } = supportLineParts({ dropHelpEnding });
  return (
    <p className={styles.support}>
      {before}
      <a href={mailtoHref(supportEmail, subject)}>{supportEmail}</a>
      {after}
    </p>
  );
}
