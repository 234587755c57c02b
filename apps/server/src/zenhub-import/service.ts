import { type Database, schema } from "@gantry/db";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { notConnected } from "../codehost/errors.js";
import { githubAccountOf } from "../codehost/github-accounts.js";
import type { SecretBox } from "../crypto/secret-box.js";
import { GantryError } from "../graphql/errors.js";
import type { JobQueue } from "../jobs/background.js";
import { requireWorkspace } from "../organizations/access.js";
import { createZenhubClient, KEY_REFUSED, ZenhubError } from "./client.js";
import { UNREADABLE_WORKSPACE } from "./run.js";

const { issuePositions, zenhubImports } = schema;

export const ZENHUB_IMPORT_QUEUE = "zenhub-import";
export const MERGE_NEEDED =
  "This workspace already has issues. Importing merges ZenHub's plan into it (no issue is duplicated); confirm to go on.";

export type ZenhubImportRow = typeof zenhubImports.$inferSelect;

export interface ZenhubImportServiceDeps {
  db: Database;
  secretBox: SecretBox;
  jobs: JobQueue;
  zenhubApiUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
}

export interface ZenhubWorkspaceChoice {
  id: string;
  name: string;
  organizationName: string;
}

function checkKey(apiKey: string): string {
  const key = apiKey.trim();
  if (key.length < 8 || key.length > 500 || /\s/.test(key)) {
    throw new GantryError("BAD_USER_INPUT", "Paste the whole ZenHub API key, with nothing else.", { field: "apiKey" });
  }
  return key;
}

/** ZenHub's answer as a Gantry error the person can act on. */
function asUserError(error: unknown): never {
  if (error instanceof ZenhubError) {
    throw new GantryError("BAD_USER_INPUT", error.message, error.message === KEY_REFUSED ? { field: "apiKey" } : {});
  }
  throw error;
}

/** The ZenHub workspaces an API key can read, by organisation, for choosing what to import. */
export async function zenhubWorkspacesForKey(
  deps: ZenhubImportServiceDeps,
  apiKey: string,
): Promise<ZenhubWorkspaceChoice[]> {
  const client = createZenhubClient({
    endpoint: deps.zenhubApiUrl,
    apiKey: checkKey(apiKey),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const data = await client
    .request<{
      viewer: {
        zenhubOrganizations: {
          nodes: { name: string | null; workspaces: { nodes: { id: string; name: string | null }[] } }[];
        };
      };
    }>("WorkspacesOfKey")
    .catch(asUserError);
  return data.viewer.zenhubOrganizations.nodes.flatMap((organization) =>
    organization.workspaces.nodes.map((workspace) => ({
      id: workspace.id,
      name: workspace.name ?? "Untitled workspace",
      organizationName: organization.name ?? "",
    })),
  );
}

/**
 * Queues an import of a ZenHub workspace into a Gantry workspace (its admins only). The key is
 * checked first, so a refused key or unreadable workspace creates nothing; it is then kept sealed
 * until the import ends. A workspace already holding issues is imported into only when the person
 * confirms the merge; an import already under way is returned instead of starting a second.
 */
export async function startZenhubImport(
  deps: ZenhubImportServiceDeps,
  userId: string,
  input: { workspaceId: string; apiKey: string; zenhubWorkspaceId: string; confirmMerge: boolean },
): Promise<ZenhubImportRow> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  if (!(await githubAccountOf(deps, userId))) throw notConnected();
  const apiKey = checkKey(input.apiKey);
  const choices = await zenhubWorkspacesForKey(deps, apiKey);
  const chosen = choices.find((choice) => choice.id === input.zenhubWorkspaceId);
  if (!chosen) throw new GantryError("BAD_USER_INPUT", UNREADABLE_WORKSPACE, { field: "zenhubWorkspaceId" });
  const [running] = await deps.db
    .select()
    .from(zenhubImports)
    .where(and(eq(zenhubImports.workspaceId, input.workspaceId), inArray(zenhubImports.state, ["queued", "running"])));
  if (running) return running;
  if (!input.confirmMerge) {
    const [placed] = await deps.db
      .select({ count: count() })
      .from(issuePositions)
      .where(eq(issuePositions.workspaceId, input.workspaceId));
    if ((placed?.count ?? 0) > 0) throw new GantryError("BAD_USER_INPUT", MERGE_NEEDED, { field: "confirmMerge" });
  }
  const [created] = await deps.db
    .insert(zenhubImports)
    .values({
      workspaceId: input.workspaceId,
      startedBy: userId,
      zenhubWorkspaceId: chosen.id,
      zenhubWorkspaceName: chosen.name,
      sealedApiKey: deps.secretBox.seal(apiKey),
      checkpoint: { stage: "repositories", index: 0, cursor: null, offset: 0 },
      createdAt: deps.now(),
      updatedAt: deps.now(),
    })
    .returning();
  if (!created) throw new Error("import insert returned nothing");
  await deps.jobs.send(ZENHUB_IMPORT_QUEUE, { importId: created.id });
  return created;
}

/** The workspace's imports, newest first; workspace admins only (the report names repositories and issues). */
export async function zenhubImportsOf(db: Database, userId: string, workspaceId: string): Promise<ZenhubImportRow[]> {
  await requireWorkspace(db, workspaceId, userId, "admin");
  return db
    .select()
    .from(zenhubImports)
    .where(eq(zenhubImports.workspaceId, workspaceId))
    .orderBy(desc(zenhubImports.createdAt))
    .limit(20);
}

/**
 * Seconds left, from the pace so far: issues are most of the work, so it is their share done that
 * counts. Null until there is a pace to go by.
 */
export function secondsLeft(row: ZenhubImportRow, now: Date): number | null {
  if (row.state === "done" || row.state === "failed") return 0;
  const issues = row.progress.issues;
  if (!issues || issues.done === 0 || issues.total === 0) return null;
  const elapsed = (now.getTime() - row.createdAt.getTime()) / 1000;
  return Math.max(0, Math.round((elapsed * (issues.total - issues.done)) / issues.done));
}
