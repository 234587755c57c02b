import { type Database, schema } from "@gantry/db";
import { and, asc, eq, gt, isNotNull, notLike, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SecretBox } from "./secret-box.js";

/** Every column holding a value sealed with the SecretBox, and the key of its rows. */
const SEALED_COLUMNS: { name: string; table: PgTable; id: PgColumn; sealed: PgColumn; field: string }[] = [
  {
    name: "github_accounts.encrypted_token",
    field: "encryptedToken",
    table: schema.githubAccounts,
    id: schema.githubAccounts.userId,
    sealed: schema.githubAccounts.encryptedToken,
  },
  {
    name: "repositories.encrypted_hook_secret",
    field: "encryptedHookSecret",
    table: schema.repositories,
    id: schema.repositories.id,
    sealed: schema.repositories.encryptedHookSecret,
  },
  {
    name: "outbound_webhooks.sealed_secret",
    field: "sealedSecret",
    table: schema.outboundWebhooks,
    id: schema.outboundWebhooks.id,
    sealed: schema.outboundWebhooks.sealedSecret,
  },
];

export interface ResealReport {
  /** Per column: values sealed again with the current key, and values no configured key opens. */
  columns: { name: string; resealed: number; unreadable: number }[];
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

/**
 * Seals again, with the current key, every stored secret still sealed with a retired one
 * (GANTRY_PREVIOUS_SECRET_KEYS), so the retired key can then be removed. Works in batches in
 * key order; each row is written only if it still holds the value read (another instance running
 * the same pass, or a person reconnecting, wins), so running it twice or on every instance at once
 * is harmless. A value no configured key opens is left alone and counted, with its row's id only:
 * secrets and sealed values are never logged.
 */
export async function resealStaleSecrets(
  deps: { db: Database; secretBox: SecretBox; log: Log },
  batchSize = 100,
): Promise<ResealReport> {
  const report: ResealReport = { columns: [] };
  for (const column of SEALED_COLUMNS) {
    let resealed = 0;
    let unreadable = 0;
    let after: string | null = null;
    for (;;) {
      const stale: SQL[] = [isNotNull(column.sealed), notLike(column.sealed, `${deps.secretBox.currentPrefix}%`)];
      if (after !== null) stale.push(gt(column.id, after));
      const rows = (await deps.db
        .select({ id: column.id, sealed: column.sealed })
        .from(column.table)
        .where(and(...stale))
        .orderBy(asc(column.id))
        .limit(batchSize)) as { id: string; sealed: string }[];
      for (const row of rows) {
        let plain: string;
        try {
          plain = deps.secretBox.open(row.sealed);
        } catch {
          unreadable += 1;
          deps.log.warn({ column: column.name, id: row.id }, "secret rotation: no configured key opens this value");
          continue;
        }
        const updated = await deps.db
          .update(column.table)
          .set({ [column.field]: deps.secretBox.seal(plain) })
          .where(and(eq(column.id, row.id), eq(column.sealed, row.sealed)))
          .returning({ id: column.id });
        resealed += updated.length;
      }
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]?.id ?? null;
    }
    report.columns.push({ name: column.name, resealed, unreadable });
  }
  const total = report.columns.reduce((sum, column) => sum + column.resealed, 0);
  deps.log.info({ columns: report.columns }, `secret rotation: ${total} secrets sealed again with the current key`);
  return report;
}
