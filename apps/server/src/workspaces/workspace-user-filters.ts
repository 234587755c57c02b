import { type Database, queryRows, schema } from "@gantry/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { idsOf } from "../board/search-input.js";
import { builder } from "../graphql/builder.js";
import { workspaceIssues } from "../issues/on-board.js";

const { githubAccounts, issueEvents, issues, sprintIssues } = schema;

const GantryUsersLastAssignedAtComparison = builder.inputType("GantryUsersLastAssignedAtComparison", {
  description:
    "Keeps people last assigned one of the workspace's issues (in these sprints' issues, with `sprintIds`) before `value`; `includeNulls` keeps those never assigned one too.",
  fields: (t) => ({
    value: t.field({ type: "ISO8601DateTime", required: true }),
    includeNulls: t.boolean({ required: false }),
    sprintIds: t.idList({ required: false }),
  }),
});

const GantryUsersAssignedIssuesCountComparison = builder.inputType("GantryUsersAssignedIssuesCountComparison", {
  description:
    "Keeps people assigned at most `value` of the workspace's open issues (of these sprints' issues, with `sprintIds`).",
  fields: (t) => ({
    value: t.int({ required: true }),
    sprintIds: t.idList({ required: false }),
  }),
});

const GantryUsersAssignedEpicsEachSprintCountComparison = builder.inputType(
  "GantryUsersAssignedEpicsEachSprintCountComparison",
  {
    description: "Keeps people assigned at most `value` of the epics in each of these sprints.",
    fields: (t) => ({
      value: t.int({ required: true }),
      sprintIds: t.idList({ required: true }),
    }),
  },
);

export const GantryUsersFiltersInput = builder.inputType("GantryUsersFiltersInput", {
  description:
    "Narrows a workspace's people by the issues assigned to their GitHub login (someone without a linked GitHub account is assigned none); all given must hold.",
  fields: (t) => ({
    lastAssignedAtComparison: t.field({ type: GantryUsersLastAssignedAtComparison, required: false }),
    assignedIssuesCountComparison: t.field({ type: GantryUsersAssignedIssuesCountComparison, required: false }),
    assignedEpicsEachSprintCountComparison: t.field({
      type: GantryUsersAssignedEpicsEachSprintCountComparison,
      required: false,
    }),
    includeExternalMembers: t.boolean({
      required: false,
      description: "Gantry organisations have no external members: everyone listed is a member, either way.",
    }),
  }),
});

type Ids = readonly (string | number)[];

export interface GantryUsersFilters {
  lastAssignedAtComparison?: { value: Date; includeNulls?: boolean | null; sprintIds?: Ids | null } | null;
  assignedIssuesCountComparison?: { value: number; sprintIds?: Ids | null } | null;
  assignedEpicsEachSprintCountComparison?: { value: number; sprintIds: Ids } | null;
  includeExternalMembers?: boolean | null;
}

/** The issue is in one of these sprints. */
const inSprints = (sprintIds: string[]) =>
  inArray(
    issues.id,
    sql`(select ${sprintIssues.issueId} from ${sprintIssues} where ${sprintIssues.sprintId} in ${sprintIds})`,
  );

/** Per login (lower case), how many issues `scope` keeps are assigned to it. */
async function assignedCounts(db: Database, scope: SQL, logins: string[], groupBySprint: boolean) {
  const login = sql`lower(person->>'login')`;
  const rows = await queryRows<{ login: string; sprint_id: string | null; assigned: number }>(
    db,
    sql`select ${login} as login, ${groupBySprint ? sql`${sprintIssues.sprintId}` : sql`null`} as sprint_id, count(*)::int as assigned
    from ${issues} ${groupBySprint ? sql`join ${sprintIssues} on ${sprintIssues.issueId} = ${issues.id}` : sql``},
      jsonb_array_elements(${issues.assignees}) as person
    where ${and(scope, sql`${login} in ${logins}`)}
    group by 1, 2`,
  );
  return rows;
}

/** The people the filters keep, in their order; ids of another type are refused before anything is read. */
export async function keptWorkspaceUsers<T extends { id: string }>(
  db: Database,
  workspaceId: string,
  users: T[],
  filters: GantryUsersFilters,
): Promise<T[]> {
  const { lastAssignedAtComparison: lastAssigned, assignedIssuesCountComparison: issueCount } = filters;
  const epicCount = filters.assignedEpicsEachSprintCountComparison;
  const sprintsOf = (field: string, ids: Ids | null | undefined) =>
    ids ? (idsOf(`filters.${field}.sprintIds`, "Sprint", ids) ?? []) : null;
  const lastSprints = sprintsOf("lastAssignedAtComparison", lastAssigned?.sprintIds);
  const countSprints = sprintsOf("assignedIssuesCountComparison", issueCount?.sprintIds);
  const epicSprints = sprintsOf("assignedEpicsEachSprintCountComparison", epicCount?.sprintIds);
  if (users.length === 0 || (!lastAssigned && !issueCount && !epicCount)) return users;

  const accounts = await db
    .select({ userId: githubAccounts.userId, login: githubAccounts.login })
    .from(githubAccounts)
    .where(
      inArray(
        githubAccounts.userId,
        users.map((user) => user.id),
      ),
    );
  const loginOf = new Map(accounts.map((account) => [account.userId, account.login.toLowerCase()]));
  const logins = [...new Set(loginOf.values())];
  const ofWorkspace = workspaceIssues(db, workspaceId);
  const tests: ((login: string | undefined) => boolean)[] = [];

  if (issueCount) {
    const rows = logins.length
      ? await assignedCounts(
          db,
          and(ofWorkspace, eq(issues.state, "open"), countSprints ? inSprints(countSprints) : undefined) ?? ofWorkspace,
          logins,
          false,
        )
      : [];
    const counts = new Map(rows.map((row) => [row.login, row.assigned]));
    tests.push((login) => (login ? (counts.get(login) ?? 0) : 0) <= issueCount.value);
  }
  if (epicCount) {
    const rows =
      logins.length && epicSprints?.length
        ? await assignedCounts(
            db,
            and(ofWorkspace, eq(issues.isEpic, true), inArray(sprintIssues.sprintId, epicSprints)) ?? ofWorkspace,
            logins,
            true,
          )
        : [];
    tests.push((login) => rows.every((row) => row.login !== login || row.assigned <= epicCount.value));
  }
  if (lastAssigned) {
    const rows = logins.length
      ? await db
          .select({ login: sql<string>`lower(${issueEvents.toValue})`, at: sql<string>`max(${issueEvents.createdAt})` })
          .from(issueEvents)
          .innerJoin(issues, eq(issues.id, issueEvents.issueId))
          .where(
            and(
              eq(issueEvents.field, "assignees"),
              inArray(sql`lower(${issueEvents.toValue})`, logins),
              ofWorkspace,
              lastSprints ? inSprints(lastSprints) : undefined,
            ),
          )
          .groupBy(sql`lower(${issueEvents.toValue})`)
      : [];
    const lastAt = new Map(rows.map((row) => [row.login, new Date(row.at).getTime()]));
    const before = lastAssigned.value.getTime();
    tests.push((login) => {
      const at = login ? lastAt.get(login) : undefined;
      return at === undefined ? Boolean(lastAssigned.includeNulls) : at < before;
    });
  }
  return users.filter((user) => tests.every((test) => test(loginOf.get(user.id))));
}
