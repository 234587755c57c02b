import { formatRelativeDate, revokedCredentialsText } from "@gantry/domain";
import { useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./AuditLog.module.css";
import { AUDIT_ACTION_NAMES, type AuditAction, type AuditEventRow, type AuditScope, useAuditEvents } from "./api";

interface AuditLogTableProps {
  scope: AuditScope;
  /** The actions the filter offers. */
  actions: AuditAction[];
  /** Shown instead of the table when the server refuses (the viewer is not an admin). */
  forbidden: string;
}

/** What a role change or removal says beside its target: "member → admin"; what ending credentials ended. */
function detailText(row: AuditEventRow): string | null {
  const { from, to, reason, method, workspace, sessionsEnded, apiCredentialsRevoked } = row.details;
  const parts: string[] = [];
  if (typeof sessionsEnded === "number" && typeof apiCredentialsRevoked === "number") {
    const revoked = { sessions: sessionsEnded, apiKeys: apiCredentialsRevoked };
    parts.push(revokedCredentialsText(revoked, row.action === "SIGNOUT_EVERYWHERE" ? "other session" : "session"));
  }
  if (typeof to === "string") parts.push(`${typeof from === "string" ? from : "none"} → ${to}`);
  if (typeof reason === "string") parts.push(reason.replaceAll("_", " "));
  else if (typeof method === "string" && row.action === "SIGNIN_SUCCEEDED") parts.push(`with ${method}`);
  if (typeof workspace === "string") parts.push(`in ${workspace}`);
  return parts.length > 0 ? parts.join(", ") : null;
}

function actorText(row: AuditEventRow): string {
  if (!row.actor) return "System";
  return row.actor.name && row.actor.email && row.actor.name !== row.actor.email
    ? `${row.actor.name} (${row.actor.email})`
    : (row.actor.email ?? row.actor.name ?? "A deleted account");
}

/** The audit log: when, who, what in words, to what, from where; filtered by action, 50 at a time. */
export function AuditLogTable({ scope, actions, forbidden }: AuditLogTableProps) {
  const [action, setAction] = useState<AuditAction | null>(null);
  const events = useAuditEvents(scope, action);
  const pages = events.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.nodes);

  if (events.error instanceof GraphQLRequestError && events.error.code === "FORBIDDEN") {
    return <p className={styles.muted}>{forbidden}</p>;
  }

  return (
    <div className={styles.log}>
      <div className={styles.filter}>
        <label htmlFor="audit-action-filter">Action</label>
        <select
          id="audit-action-filter"
          className={styles.select}
          value={action ?? ""}
          onChange={(change) => setAction((change.target.value || null) as AuditAction | null)}
        >
          <option value="">All actions</option>
          {actions.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_NAMES[value]}
            </option>
          ))}
        </select>
        {pages[0] ? (
          <span className={styles.muted}>
            {pages[0].totalCount} {pages[0].totalCount === 1 ? "event" : "events"}
          </span>
        ) : null}
      </div>
      {events.isPending ? <Loader label="Loading the audit log" /> : null}
      {events.isError ? (
        <div role="alert" className={styles.problem}>
          <p className={styles.muted}>The audit log could not be loaded: {events.error.message}</p>
          <Button onClick={() => void events.refetch()}>Try again</Button>
        </div>
      ) : null}
      {events.isSuccess && rows.length === 0 ? (
        <p className={styles.muted}>
          {action ? `No “${AUDIT_ACTION_NAMES[action]}” events recorded.` : "Nothing has been recorded yet."}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const detail = detailText(row);
                return (
                  <tr key={row.id}>
                    <td title={row.occurredAt} className={styles.nowrap}>
                      {formatRelativeDate(new Date(row.occurredAt))}
                    </td>
                    <td>{actorText(row)}</td>
                    <td>
                      <span className={row.action === "SIGNIN_FAILED" ? styles.failed : undefined}>
                        {AUDIT_ACTION_NAMES[row.action] ?? row.action}
                      </span>
                    </td>
                    <td>
                      {row.target ? (row.target.label ?? row.target.id) : "—"}
                      {detail ? <span className={styles.detail}>{detail}</span> : null}
                    </td>
                    <td className={styles.mono}>{row.ipAddress ?? "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {events.hasNextPage ? (
        <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          {events.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
