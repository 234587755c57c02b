import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { FormError } from "../../ui/FormError";
import list from "../../ui/list.module.css";
import { Panel } from "../../ui/Panel";
import { type OrganizationSettings, useDecideAccessRequest } from "./api";
import { personName } from "./member-rules";
import styles from "./settings.module.css";

export function AccessRequestsSection({ organization }: { organization: OrganizationSettings }) {
  const approve = useDecideAccessRequest("approve");
  const decline = useDecideAccessRequest("decline");
  const busy = approve.isPending || decline.isPending;
  const error = approve.error ?? decline.error;
  return (
    <Panel title="Access requests">
      {organization.accessRequests.length === 0 ? (
        <EmptyState>No one is waiting to join.</EmptyState>
      ) : (
        <ul className={list.list}>
          {organization.accessRequests.map((request) => {
            const who = personName(request.requester);
            return (
              <li key={request.id} className={list.row}>
                <span className={list.rowMain}>
                  <span className={styles.rowTitle}>{who}</span>
                  <span className={list.meta}>asks to join {organization.name}</span>
                </span>
                <Button
                  variant="primary"
                  aria-label={`Approve ${who}`}
                  disabled={busy}
                  onClick={() => approve.mutate({ accessRequestId: request.id })}
                >
                  Approve
                </Button>
                <Button
                  aria-label={`Decline ${who}`}
                  disabled={busy}
                  onClick={() => decline.mutate({ accessRequestId: request.id })}
                >
                  Decline
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FormError>{error?.message}</FormError>
    </Panel>
  );
}
