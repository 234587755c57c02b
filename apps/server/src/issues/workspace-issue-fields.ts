import { type Database, schema } from "@gantry/db";
import { asc, eq, sql } from "drizzle-orm";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { Workspace } from "../workspaces/schema.js";
import { Priority } from "./field-types.js";
import { ensureGantryRepository } from "./gantry-repository.js";

/** SPEC §3: the workspace's priorities, highest first (rank 1 = high). */
function workspacePriorities(db: Database, workspaceId: string) {
  return db
    .select()
    .from(schema.priorities)
    .where(eq(schema.priorities.workspaceId, workspaceId))
    .orderBy(asc(sql`${schema.priorities.rank} collate "C"`));
}

builder.objectFields(Workspace, (t) => ({
  prioritiesConnection: t.connection({
    type: Priority,
    description: "SPEC §3: the workspace's priorities, highest first (rank 1 = high).",
    resolve: async (workspace, args, context) =>
      arrayConnection(args, await workspacePriorities(context.db, workspace.id)),
  }),
  priorities: t.field({
    type: [Priority],
    deprecationReason: "Use `Workspace.prioritiesConnection`.",
    description: "The workspace's priorities, highest first, as a list (the reference's older field).",
    resolve: (workspace, _args, context) => workspacePriorities(context.db, workspace.id),
  }),
  gantryRepository: t.field({
    type: Repository,
    description: "Where the workspace's native Gantry issues live; made the first time it is asked for.",
    resolve: (workspace, _args, context) => ensureGantryRepository(context.db, workspace.id, context.config.publicUrl),
  }),
}));
