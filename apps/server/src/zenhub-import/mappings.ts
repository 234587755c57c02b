import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";

const { zenhubImportMappings } = schema;

export type MappingKind =
  | "repository"
  | "pipeline"
  | "priority"
  | "issue"
  | "zenhubEpic"
  | "sprint"
  | "release"
  | "sprintConfig";

/** What the ZenHub ids of one kind became in this workspace (those imported before). */
export async function mapped(
  executor: Executor,
  workspaceId: string,
  kind: MappingKind,
  zenhubIds: string[],
): Promise<Map<string, string>> {
  if (zenhubIds.length === 0) return new Map();
  const rows = await executor
    .select({ zenhubId: zenhubImportMappings.zenhubId, gantryId: zenhubImportMappings.gantryId })
    .from(zenhubImportMappings)
    .where(
      and(
        eq(zenhubImportMappings.workspaceId, workspaceId),
        eq(zenhubImportMappings.kind, kind),
        inArray(zenhubImportMappings.zenhubId, [...new Set(zenhubIds)]),
      ),
    );
  return new Map(rows.map((row) => [row.zenhubId, row.gantryId]));
}

export async function mappedOne(executor: Executor, workspaceId: string, kind: MappingKind, zenhubId: string) {
  return (await mapped(executor, workspaceId, kind, [zenhubId])).get(zenhubId) ?? null;
}

/** Records what ZenHub records became; a record mapped before keeps its Gantry id, and takes the new details. */
export async function remember(
  executor: Executor,
  workspaceId: string,
  kind: MappingKind,
  rows: { zenhubId: string; gantryId: string; details?: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(zenhubImportMappings)
    .values(
      rows.map((row) => ({
        workspaceId,
        kind,
        zenhubId: row.zenhubId,
        gantryId: row.gantryId,
        details: row.details ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [zenhubImportMappings.workspaceId, zenhubImportMappings.kind, zenhubImportMappings.zenhubId],
      set: { details: sql`excluded.details` },
    });
}
