import { schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import { repairPipelineTotals } from "../board/pipeline-totals.js";
import { placeNewIssues } from "../board/placement.js";
import { publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { gitHubError } from "./errors.js";
import { type GitHubIssueWire, upsertIssues } from "./issue-sync.js";
import { syncIssueTypes } from "./issue-types.js";
import { syncLabels } from "./label-records.js";
import { syncRelations } from "./relation-sync.js";
import { type CodeHostDeps, clientForUser, ensureWebhook, WEBHOOK_NOT_INSTALLED } from "./repositories.js";
import { syncRequestedReviewers } from "./review-requests.js";

const { repositories, workspaceRepositories } = schema;
/** Deliveries can be late; look this far behind the last reconciliation so none slip through. */
const OVERLAP_MS = 5 * 60 * 1000;
export const HOOK_REINSTALLED = "The webhook had been removed on GitHub; Gantry installed it again.";

/**
 * Catches what webhooks missed: every issue updated since the last reconciliation (with an
 * overlap) is read again, and a webhook deleted on GitHub is installed again and reported.
 */
export async function reconcileRepository(deps: CodeHostDeps, repositoryId: string): Promise<void> {
  const [repository] = await deps.db.select().from(repositories).where(eq(repositories.id, repositoryId));
  if (!repository?.connectedBy || repository.importState !== "done") return;
  const startedAt = deps.now();
  try {
    const { client } = await clientForUser(deps, repository.connectedBy);
    let notice: string | null = null;
    if (!repository.hookId) {
      notice = await ensureWebhook(deps, client, repository).then(
        () => null,
        (error: unknown) => `${WEBHOOK_NOT_INSTALLED} ${gitHubError(error).message}`,
      );
    } else {
      const hook = await client.rest.repos
        .getWebhook({ owner: repository.ownerLogin, repo: repository.name, hook_id: repository.hookId })
        .catch((error: { status?: number }) => (error.status === 404 ? null : Promise.reject(error)));
      if (!hook) {
        await ensureWebhook(deps, client, { ...repository, hookId: null });
        notice = HOOK_REINSTALLED;
      }
    }
    const since = new Date((repository.lastReconciledAt ?? repository.createdAt).getTime() - OVERLAP_MS).toISOString();
    const changed = await client.paginate(client.rest.issues.listForRepo, {
      owner: repository.ownerLogin,
      repo: repository.name,
      state: "all",
      since,
      per_page: 100,
    });
    const written = await upsertIssues(deps.db, repositoryId, changed as GitHubIssueWire[]);
    await placeNewIssues(deps.db, repositoryId, startedAt);
    written.push(...(await syncRelations(deps.db, client, repository, changed as GitHubIssueWire[])));
    await syncIssueTypes(deps.db, client, repository);
    await syncLabels(deps.db, client, repositoryId, repository);
    if (changed.some((issue) => issue.pull_request)) {
      written.push(...(await syncRequestedReviewers(deps.db, client, repository, new Date(since))));
    }
    await publishIssuesChanged(deps.events, await repositoryBoards(deps.db, repositoryId, written), { actorId: null });
    // The boards' header totals are kept by triggers (decision 0066); counting them afresh here
    // mends any a bug or a hand edit of the database left wrong.
    const boards = await deps.db
      .select({ workspaceId: workspaceRepositories.workspaceId })
      .from(workspaceRepositories)
      .where(eq(workspaceRepositories.repositoryId, repositoryId));
    await repairPipelineTotals(
      deps.db,
      boards.map((board) => board.workspaceId),
    );
    await deps.db
      .update(repositories)
      .set({
        lastReconciledAt: startedAt,
        lastSyncError: notice,
        lastSyncErrorAt: notice ? startedAt : repository.lastSyncErrorAt,
      })
      .where(eq(repositories.id, repositoryId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.error({ repositoryId, err: message }, "repository reconciliation failed");
    await deps.db
      .update(repositories)
      .set({ lastSyncError: message, lastSyncErrorAt: deps.now() })
      .where(eq(repositories.id, repositoryId));
  }
}
