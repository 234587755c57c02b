import { formatRelativeDate, revokedCredentialsText } from "@gantry/domain";
import { useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { type Column, DataTable } from "../ui/data-table/DataTable";
import { LoadMore } from "../ui/data-table/LoadMore";
import { EmptyState } from "../ui/EmptyState";
import { FormRow } from "../ui/FormRow";
import form from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Toolbar } from "../ui/Toolbar";
import text from "../ui/text.module.css";
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
  const pages = events.data?.pages;

  if (events.error instanceof GraphQLRequestError && events.error.code === "FORBIDDEN") {
    return <p className={text.muted}>{forbidden}</p>;
  }

  return (
    <>
      <Toolbar>
        <FormRow label="Action" layout="inline">
          {(control) => (
            <select
              {...control}
              className={form.select}
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
          )}
        </FormRow>
        {pages?.[0] ? (
          <span className={text.muted}>
            {pages[0].totalCount} {pages[0].totalCount === 1 ? "event" : "events"}
          </span>
        ) : null}
      </Toolbar>
      {events.isError ? (
        <LoadError error={events.error} onRetry={() => void events.refetch()}>
          The audit log could not be loaded
        </LoadError>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={pages?.flatMap((page) => page.nodes)}
          rowKey={(row) => row.id}
          loadingLabel="Loading the audit log"
          empty={
            <EmptyState>
              {action ? `No “${AUDIT_ACTION_NAMES[action]}” events recorded.` : "Nothing has been recorded yet."}
            </EmptyState>
          }
        />
      )}
      <LoadMore pages={events} />
    </>
  );
}

const COLUMNS: Column<AuditEventRow>[] = [
  {
    key: "when",
    header: "When",
    className: styles.nowrap,
    title: (row) => row.occurredAt,
    cell: (row) => formatRelativeDate(new Date(row.occurredAt)),
  },
  { key: "who", header: "Who", cell: actorText },
  {
    key: "action",
    header: "Action",
    cell: (row) => (
      <span className={row.action === "SIGNIN_FAILED" ? styles.failed : undefined}>
        {AUDIT_ACTION_NAMES[row.action] ?? row.action}
      </span>
    ),
  },
  {
    key: "target",
    header: "Target",
    cell: (row) => {
      const detail = detailText(row);
      return (
        <>
          {row.target ? (row.target.label ?? row.target.id) : "—"}
          {detail ? <span className={styles.detail}>{detail}</span> : null}
        </>
      );
    },
  },
  { key: "address", header: "IP address", className: styles.address, cell: (row) => row.ipAddress ?? "—" },
];
