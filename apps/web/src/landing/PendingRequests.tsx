import type { ViewerAccessRequest } from "../organizations/api";
import styles from "./LandingPage.module.css";

/** The organisations the viewer asked to join and is still waiting for. */
export function PendingRequests({ requests }: { requests: ViewerAccessRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="requests-title">
      <h2 id="requests-title" className={styles.sectionTitle}>
        Waiting for approval
      </h2>
      <ul className={styles.plainList}>
        {requests.map((request) => (
          <li key={request.id} className={styles.text}>
            You asked to join {request.requestable.name}. An admin of {request.requestable.name} will approve or decline
            your request.
          </li>
        ))}
      </ul>
    </section>
  );
}
