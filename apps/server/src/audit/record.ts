import { randomBytes } from "node:crypto";
import { type Executor, schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";

/**
 * The actions the audit log records (decision 0041). A fixed vocabulary, so the web app can
 * word each one and the filter can offer them; adding an action means adding it here.
 */
export const AUDIT_ACTIONS = [
  "signin.succeeded",
  "signin.failed",
  "signout",
  "signout.everywhere",
  "password.reset",
  "organization.member_role_changed",
  "organization.member_removed",
  "organization.deleted",
  "workspace.member_role_changed",
  "workspace.member_removed",
  "workspace.deleted",
  "seat.approved",
  "seat.declined",
  "seat.revoked",
  "api_key.created",
  "api_key.revoked",
  "webhook.deleted",
  "pipeline.deleted",
  "issue.deleted",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Where an HTTP request came from; null parts are unknown (jobs, tests). */
export interface AuditOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

export type AuditDetails = Record<string, string | number | boolean | null>;

export interface AuditEventInput {
  action: AuditAction;
  /** Who did it; null for a failed sign-in of an unknown address, or the system. */
  actor: { id: string | null; label?: string | null } | null;
  organizationId?: string | null;
  workspaceId?: string | null;
  target?: { type: string; id: string; label?: string | null } | null;
  origin?: AuditOrigin | null;
  details?: AuditDetails;
  occurredAt?: Date;
}

const MAX_TEXT = 200;
const MAX_USER_AGENT = 500;
/** A detail under such a name is dropped whatever its value: the log must never hold a secret. */
const SECRET_NAME = /pass|token|secret|key|hash|cookie|authori[sz]ation/i;

function clip(value: string | null | undefined, max = MAX_TEXT): string | null {
  if (value === null || value === undefined) return null;
  return value.length > max ? value.slice(0, max) : value;
}

/** The details as stored: secret-looking names dropped, strings clipped. */
export function safeDetails(details: AuditDetails | undefined): AuditDetails {
  const safe: AuditDetails = {};
  for (const [name, value] of Object.entries(details ?? {})) {
    if (SECRET_NAME.test(name)) continue;
    safe[name] = typeof value === "string" ? clip(value) : value;
  }
  return safe;
}

let lastMs = 0;
let counter = 0;

/**
 * A time-ordered UUID (version 7) whose 12-bit counter rises within a millisecond, so events this
 * process records in the same millisecond still sort (by occurred_at, then id) in the order they
 * happened, and a page cursor never skips or repeats one.
 */
export function orderedId(nowMs = Date.now()): string {
  if (nowMs <= lastMs) {
    counter++;
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
  } else {
    lastMs = nowMs;
    counter = 0;
  }
  const bytes = randomBytes(16);
  const ms = BigInt(lastMs);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Records one audit event. Pass the transaction of the action when it has one, so an action
 * that rolls back leaves no event behind.
 */
export async function recordAuditEvent(executor: Executor, event: AuditEventInput): Promise<void> {
  await executor.insert(schema.auditEvents).values({
    id: orderedId(),
    // Always set here, to the millisecond, so a page cursor (a JS date) names a row exactly.
    occurredAt: event.occurredAt ?? new Date(),
    action: event.action,
    actorUserId: event.actor?.id ?? null,
    actorLabel: clip(event.actor?.label),
    organizationId: event.organizationId ?? null,
    workspaceId: event.workspaceId ?? null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: clip(event.target?.label),
    ipAddress: clip(event.origin?.ipAddress, 64),
    userAgent: clip(event.origin?.userAgent, MAX_USER_AGENT),
    details: safeDetails(event.details),
  });
}

/** The origin of a Fastify request (the app trusts its proxy, so `ip` is the client's). */
export function originOf(req: Pick<FastifyRequest, "ip" | "headers">): AuditOrigin {
  const agent = req.headers["user-agent"];
  return { ipAddress: req.ip || null, userAgent: typeof agent === "string" ? agent : null };
}

/** A person's address, as the label of an event about them (read when the event is recorded). */
export async function userLabel(executor: Executor, userId: string): Promise<string | null> {
  const [user] = await executor
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return user?.email ?? null;
}

/** The organisation and workspace an event inside a workspace belongs to, for scoping it. */
export async function workspaceScope(
  executor: Executor,
  workspaceId: string,
): Promise<{ organizationId: string | null; workspaceId: string; workspaceName: string | null }> {
  const [workspace] = await executor
    .select({ organizationId: schema.workspaces.organizationId, name: schema.workspaces.name })
    .from(schema.workspaces)
    .where(eq(schema.workspaces.id, workspaceId));
  return { organizationId: workspace?.organizationId ?? null, workspaceId, workspaceName: workspace?.name ?? null };
}

/**
 * Records an event inside a workspace, scoped to the workspace's organisation, with the
 * workspace's name in its details (so the log still names it once the workspace is gone).
 */
export async function recordWorkspaceAuditEvent(
  executor: Executor,
  workspaceId: string,
  event: Omit<AuditEventInput, "organizationId" | "workspaceId">,
): Promise<void> {
  const scope = await workspaceScope(executor, workspaceId);
  await recordAuditEvent(executor, {
    ...event,
    organizationId: scope.organizationId,
    workspaceId,
    details: { workspace: scope.workspaceName, ...event.details },
  });
}
