import { type Executor, schema } from "@gantry/db";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { badCursor } from "../graphql/cursors.js";
import { GantryError } from "../graphql/errors.js";
import type { AuditAction } from "./record.js";

const { auditEvents, users } = schema;

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 100;

export interface AuditQuery {
  /** One organisation's events; null reads the whole install (instance admins). */
  organizationId: string | null;
  action: AuditAction | null;
  first: number;
  after: string | null;
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>["items"][number];

/** A cursor names the last row read by its time and id, so new events never shift a later page. */
export function auditCursor(row: { occurredAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.occurredAt.toISOString(), row.id])).toString("base64url");
}

function parseCursor(cursor: string): { occurredAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const occurredAt = new Date(typeof at === "string" ? at : Number.NaN);
    if (Number.isNaN(occurredAt.getTime()) || typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) {
      throw new Error("bad cursor");
    }
    return { occurredAt, id };
  } catch {
    throw badCursor("after");
  }
}

/** A page of events, newest first, with whether more follow and how many match in all. */
export async function auditPage(db: Executor, query: AuditQuery) {
  if (!Number.isInteger(query.first) || query.first < 1 || query.first > MAX_AUDIT_PAGE) {
    throw new GantryError("BAD_USER_INPUT", `A page holds 1 to ${MAX_AUDIT_PAGE} events.`, { field: "first" });
  }
  const scope: (SQL | undefined)[] = [
    query.organizationId === null ? undefined : eq(auditEvents.organizationId, query.organizationId),
    query.action === null ? undefined : eq(auditEvents.action, query.action),
  ];
  const cursor = query.after === null ? null : parseCursor(query.after);
  const rows = await db
    .select({ event: auditEvents, actor: { id: users.id, name: users.name, email: users.email } })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(
      and(
        ...scope,
        cursor === null
          ? undefined
          : sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${cursor.occurredAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(query.first + 1);
  const [total] = await db
    .select({ value: count() })
    .from(auditEvents)
    .where(and(...scope));
  return {
    items: rows.slice(0, query.first),
    hasNextPage: rows.length > query.first,
    totalCount: total?.value ?? 0,
  };
}
