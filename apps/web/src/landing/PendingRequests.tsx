import type { ViewerAccessRequest } from "../organizations/api";
import { Panel } from "../ui/Panel";
import text from "../ui/text.module.css";
import styles from "./LandingPage.module.css";

/** The organisations the viewer asked to join and is still waiting for. */
export function PendingRequests({ requests }: { requests: ViewerAccessRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Panel frame="open" title="Waiting for approval">
      <ul className={styles.plainList}>
        {requests.map((request) => (
          <li key={request.id} className={text.muted}>
            You asked to join {request.requestable.name}. An admin of {request.requestable.name} will approve or decline
            your request.
          </li>
        ))}
      </ul>
    </Panel>
  );
}
