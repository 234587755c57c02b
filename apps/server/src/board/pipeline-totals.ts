import { type Executor, schema } from "@gantry/db";
import { inArray, sql } from "drizzle-orm";

const { pipelineTotals } = schema;

/**
 * Open pipelines' counts when the board keeps every issue, read from `pipeline_totals`: one row
 * per pipeline and kind, kept by triggers in the transaction of every change to a position or to
 * the copies of its issue's state, kind and estimate (migration 0035, decision 0066). The cost is
 * the number of pipelines, not of issues.
 */
export function unfilteredPipelineTotals(db: Executor, pipelineIds: string[]) {
  return db
    .select({
      pipelineId: pipelineTotals.pipelineId,
      isPullRequest: pipelineTotals.isPullRequest,
      value: pipelineTotals.issueCount,
      points: sql<number>`${pipelineTotals.points}`.mapWith(Number),
    })
    .from(pipelineTotals)
    .where(inArray(pipelineTotals.pipelineId, pipelineIds));
}

/**
 * Sets the totals of the workspaces' pipelines to a fresh count of their open positions, for
 * reconciliation to mend totals a bug or a hand edit left wrong. The totals' rows are locked first
 * (in the triggers' order) and counted in the next statement: a change committed before the lock is
 * in the count, and one still to commit waits and then adds itself to the mended figure.
 */
export async function repairPipelineTotals(db: Executor, workspaceIds: string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  const workspaces = sql.join(
    workspaceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const pipelinesOf = sql`select id from pipelines where workspace_id in (${workspaces})`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into pipeline_totals (pipeline_id, is_pull_request, issue_count, points)
      select p.id, kind.pr, 0, 0 from (${pipelinesOf}) as p, (values (false), (true)) as kind(pr)
      order by 1, 2 on conflict do nothing`);
    await tx.execute(sql`select 1 from pipeline_totals where pipeline_id in (${pipelinesOf})
      order by pipeline_id, is_pull_request for update`);
    await tx.execute(sql`update pipeline_totals as t set
      issue_count = (select count(*) from issue_positions as p
        where p.pipeline_id = t.pipeline_id and p.is_pull_request = t.is_pull_request and p.issue_open),
      points = (select coalesce(sum(p.estimate::numeric), 0) from issue_positions as p
        where p.pipeline_id = t.pipeline_id and p.is_pull_request = t.is_pull_request and p.issue_open)
      where t.pipeline_id in (${pipelinesOf})`);
  });
}
