import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";

const { pipelineFilterTotals, pipelineTotals } = schema;

/** One value of a filter key whose totals are kept: a label's name or an assignee's login (decision 0104). */
export interface KeptFilter {
  key: (typeof schema.KEPT_FILTER_KEYS)[number];
  value: string;
}

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
 * Open pipelines' counts when the board keeps the issues holding one label or one assignee, read
 * from `pipeline_filter_totals` (migration 0051, decision 0104): O(pipelines), where counting the
 * issues the filter keeps was O(issues kept).
 */
export function filteredPipelineTotals(db: Executor, pipelineIds: string[], filter: KeptFilter) {
  return db
    .select({
      pipelineId: pipelineFilterTotals.pipelineId,
      isPullRequest: pipelineFilterTotals.isPullRequest,
      value: pipelineFilterTotals.issueCount,
      points: sql<number>`${pipelineFilterTotals.points}`.mapWith(Number),
    })
    .from(pipelineFilterTotals)
    .where(
      and(
        inArray(pipelineFilterTotals.pipelineId, pipelineIds),
        eq(pipelineFilterTotals.filterKey, filter.key),
        eq(pipelineFilterTotals.filterValue, filter.value),
      ),
    );
}

/**
 * Sets the totals of the workspaces' pipelines, their own and per label and assignee, to a fresh count
 * of their open positions, for reconciliation to mend totals a bug or a hand edit left wrong. The
 * totals' rows are locked first (in the triggers' order: label and assignee totals, then the pipelines')
 * and counted in the next statement: a change committed before the lock is in the count, and one still
 * to commit waits and then adds itself to the mended figure.
 */
export async function repairPipelineTotals(db: Executor, workspaceIds: string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  const workspaces = sql.join(
    workspaceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const pipelinesOf = sql`select id from pipelines where workspace_id in (${workspaces})`;
  // Each open position once per label and per assignee its copies hold.
  const filterRows = sql`select p.pipeline_id, v.filter_key, v.filter_value, p.is_pull_request, p.estimate
    from issue_positions as p cross join lateral (select 'labels', unnest(p.label_names)
      union all select 'assignees', unnest(p.assignee_logins)) as v (filter_key, filter_value)
    where p.issue_open and p.pipeline_id in (${pipelinesOf})`;
  const filterKey = sql.raw("pipeline_id, filter_key, filter_value, is_pull_request");
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into pipeline_filter_totals (${filterKey}, issue_count, points)
      select distinct ${filterKey}, 0, 0 from (${filterRows}) as f order by 1, 2, 3, 4 on conflict do nothing`);
    await tx.execute(sql`select 1 from pipeline_filter_totals where pipeline_id in (${pipelinesOf})
      order by ${filterKey} for update`);
    await tx.execute(sql`update pipeline_filter_totals as t set issue_count = coalesce(f.issue_count, 0),
        points = coalesce(f.points, 0)
      from pipeline_filter_totals as k left join (
        select ${filterKey}, count(*) as issue_count, sum(estimate::numeric) as points
        from (${filterRows}) as f group by ${filterKey}
      ) as f using (${filterKey})
      where (t.pipeline_id, t.filter_key, t.filter_value, t.is_pull_request)
          = (k.pipeline_id, k.filter_key, k.filter_value, k.is_pull_request)
        and k.pipeline_id in (${pipelinesOf})`);
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
