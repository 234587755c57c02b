import { schema } from "@gantry/db";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { reconcileRepository } from "./reconcile.js";
import { type CodeHostDeps, importRepository } from "./repositories.js";

/** Workspaces' Gantry repositories hold native issues only: there is nothing to import. */
const onGitHub = isNotNull(schema.repositories.ghId);

/**
 * Runs imports in the background of this process, one at a time per repository. Imports left
 * half-done by a stop are resumed at start, from the page they had reached.
 */
export class ImportRunner {
  readonly #running = new Map<string, Promise<void>>();

  constructor(private readonly deps: CodeHostDeps) {}

  start(repositoryId: string): void {
    if (this.#running.has(repositoryId)) return;
    const run = importRepository(this.deps, repositoryId).finally(() => this.#running.delete(repositoryId));
    this.#running.set(repositoryId, run);
  }

  async resumeUnfinished(): Promise<void> {
    const unfinished = await this.deps.db
      .select({ id: schema.repositories.id })
      .from(schema.repositories)
      .where(and(onGitHub, inArray(schema.repositories.importState, ["pending", "importing"])));
    for (const { id } of unfinished) this.start(id);
  }

  /** Reconciles every imported repository, one after another (the periodic catch-up). */
  async reconcileAll(): Promise<void> {
    const imported = await this.deps.db
      .select({ id: schema.repositories.id })
      .from(schema.repositories)
      .where(and(onGitHub, eq(schema.repositories.importState, "done")));
    for (const { id } of imported) await reconcileRepository(this.deps, id);
  }

  /** Resolves when every import started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running.values()]);
  }
}
