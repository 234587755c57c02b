import type { SqlRunner } from "@gantry/db";

/**
 * The plan a ZenHub import wrote into a workspace, read straight from the database: what tests
 * compare between an import that ran through and one that was stopped and resumed.
 */
export interface BoardRow {
  pipeline: string;
  number: number;
  repo: string;
  rank: string;
  estimate: number | null;
  priority: string | null;
  title: string;
  parent: number | null;
  state: string;
}

/** What a person would see of the plan: everything the import writes, by names and GitHub numbers. */
export async function zenhubPlan(executeSql: SqlRunner, workspaceId: string) {
  const rows = async <Row>(text: string, values: unknown[]) => (await executeSql(text, values)).rows as Row[];
  const board = await rows<BoardRow>(
    `select p.name as pipeline, i.number, i.state, r.name as repo, ip.rank, i.estimate, pr.name as priority, i.title,
            (select number from issues where id = i.parent_issue_id) as parent
     from issue_positions ip join issues i on i.id = ip.issue_id join repositories r on r.id = i.repository_id
     join pipelines p on p.id = ip.pipeline_id left join priorities pr on pr.id = ip.priority_id
     where ip.workspace_id = $1 order by p.rank collate "C", ip.rank collate "C", i.number`,
    [workspaceId],
  );
  const count = async (from: string) =>
    (await rows<{ n: number }>(`select count(*)::int as n from ${from}`, [workspaceId]))[0]?.n;
  return {
    board,
    epics: await count("gantry_epics where workspace_id = $1"),
    epicIssues: await count(
      "gantry_epic_issues e join gantry_epics g on g.id = e.gantry_epic_id where g.workspace_id = $1",
    ),
    // The sprints ZenHub had: Gantry's automation adds the coming ones on its own schedule.
    sprints: await count(
      "sprints s join zenhub_import_mappings m on m.gantry_id = s.id and m.kind = 'sprint' where s.workspace_id = $1",
    ),
    sprintsStartingTogether: await count(
      "(select 1 from sprints where workspace_id = $1 group by start_at having count(*) > 1) twice",
    ),
    sprintIssues: await count("sprint_issues si join sprints s on s.id = si.sprint_id where s.workspace_id = $1"),
    releases: await count("releases where workspace_id = $1"),
    releaseIssues: await count("release_issues ri join releases r on r.id = ri.release_id where r.workspace_id = $1"),
    dependencies: await count("issue_dependencies where workspace_id = $1"),
    connections: await count("issue_pull_request_connections where workspace_id = $1"),
    pipelines: await count("pipelines where workspace_id = $1"),
    priorities: await count("priorities where workspace_id = $1"),
    mappings: await count("zenhub_import_mappings where workspace_id = $1"),
    epicAssignees: await count(
      "gantry_epic_assignees a join gantry_epics g on g.id = a.gantry_epic_id where g.workspace_id = $1",
    ),
    epicLabels: await count(
      "gantry_epic_labels l join gantry_epics g on g.id = l.gantry_epic_id where g.workspace_id = $1",
    ),
    issueLabels: await count(
      "issue_gantry_labels il join gantry_labels l on l.id = il.gantry_label_id where l.workspace_id = $1",
    ),
    labels: await count("gantry_labels where workspace_id = $1"),
    releaseRepositories: await count(
      "release_repositories rr join releases r on r.id = rr.release_id where r.workspace_id = $1",
    ),
    githubEpics: await count(
      "epic_issues e join issue_positions p on p.issue_id = e.epic_id where p.workspace_id = $1",
    ),
  };
}

export type ZenhubPlan = Awaited<ReturnType<typeof zenhubPlan>>;

/** Two workspaces' plans side by side: ranks and each workspace's own Gantry repository aside. */
export function comparablePlan(of: ZenhubPlan) {
  return {
    ...of,
    board: of.board.map(({ rank, repo, ...row }) => ({ ...row, repo: repo.startsWith("Workspace ") ? "" : repo })),
  };
}
