import { timingSafeEqual } from "node:crypto";
import { type Database, schema } from "@gantry/db";
import { and, asc, count, eq, isNull, lt, or } from "drizzle-orm";
import { hashToken, newToken } from "../accounts/secrets.js";
import type { SessionUser } from "../accounts/sessions.js";
import { type AuditOrigin, recordAuditEvent } from "../audit/record.js";
import { GantryError } from "../graphql/errors.js";

const { apiKeys, users } = schema;

export type ApiKey = typeof apiKeys.$inferSelect;

/** A person keeps at most this many working keys; a revoked key frees its place. */
export const MAX_API_KEYS_PER_USER = 5;
export const MAX_API_KEY_NAME_LENGTH = 100;
/** Says what a leaked string is (secret scanners match it) and tells keys from session tokens. */
export const API_KEY_PREFIX = "gantry_pat";
/**
 * A key's last use (time and address) is written at most this often, so a busy script does not
 * write on every request; the address shown is that of the first request of the minute (decision 0063).
 */
const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_IP_ADDRESS_LENGTH = 64;

interface Deps {
  db: Database;
  now: () => Date;
}

export function apiKeysOf(db: Database, userId: string): Promise<ApiKey[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Creates a key and returns its secret, which is never readable again. */
export async function createApiKey(
  deps: Deps,
  userId: string,
  rawName: string,
  origin: AuditOrigin | null = null,
): Promise<{ apiKey: ApiKey; secret: string }> {
  const name = rawName.trim();
  if (name === "") throw new GantryError("BAD_USER_INPUT", "Give the key a name.", { field: "name" });
  if (name.length > MAX_API_KEY_NAME_LENGTH) {
    throw new GantryError("BAD_USER_INPUT", `A key name is at most ${MAX_API_KEY_NAME_LENGTH} characters.`, {
      field: "name",
    });
  }
  return deps.db.transaction(async (tx) => {
    // Locks the person's row so two creations at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ count: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((held?.count ?? 0) >= MAX_API_KEYS_PER_USER) {
      throw new GantryError(
        "BAD_USER_INPUT",
        `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one to create another.`,
      );
    }
    const secret = newToken(API_KEY_PREFIX);
    const [apiKey] = await tx
      .insert(apiKeys)
      .values({ userId, name, tokenHash: hashToken(secret), hint: secret.slice(-4), createdAt: deps.now() })
      .returning();
    if (!apiKey) throw new Error("insert returned no API key");
    // The key's name only: neither the secret nor its hint goes into the log.
    await recordAuditEvent(tx, {
      action: "api_key.created",
      actor: { id: userId },
      target: { type: "api_key", id: apiKey.id, label: apiKey.name },
      origin,
      occurredAt: apiKey.createdAt,
    });
    return { apiKey, secret };
  });
}

/** Revokes one of the person's own keys; someone else's key is reported as not found. */
export async function revokeApiKey(
  deps: Deps,
  userId: string,
  apiKeyId: string,
  origin: AuditOrigin | null = null,
): Promise<ApiKey> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!revoked) throw new GantryError("NOT_FOUND", "This API key does not exist or was already revoked.");
    await recordAuditEvent(tx, {
      action: "api_key.revoked",
      actor: { id: userId },
      target: { type: "api_key", id: revoked.id, label: revoked.name },
      origin,
      occurredAt: now,
    });
    return revoked;
  });
}

/**
 * The key and its owner behind a secret, or null when it is unknown or revoked. `ipAddress` is the
 * client's address as `TRUST_PROXY` resolves it (`req.ip`), kept as the key's last-use address.
 */
export async function ownerOfApiKey(
  deps: Deps,
  secret: string,
  ipAddress: string | null,
): Promise<{ key: ApiKey; user: SessionUser } | null> {
  if (!secret.startsWith(`${API_KEY_PREFIX}_`)) return null;
  const hash = hashToken(secret);
  const [row] = await deps.db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.tokenHash, hash), isNull(apiKeys.revokedAt)));
  // The lookup goes by hash; comparing the hashes again in constant time keeps the answer off any
  // index or string comparison that could leak how much of a guess matched.
  if (!row || !timingSafeEqual(Buffer.from(row.key.tokenHash), Buffer.from(hash))) return null;
  const now = deps.now();
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await deps.db
      .update(apiKeys)
      // Clipped like the audit log's address: behind a trusted proxy it is a header's text.
      .set({ lastUsedAt: now, lastUsedIpAddress: ipAddress?.slice(0, MAX_IP_ADDRESS_LENGTH) ?? null })
      .where(and(eq(apiKeys.id, row.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  }
  return row;
}
