import { type Database, queryRows, schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { Milestone } from "../issues/field-types.js";
import { createNativeMilestone, openNativeMilestones } from "../issues/native-milestones.js";
import { keepGitHubMilestone } from "../milestones/milestone-records.js";
import { MilestoneConnection } from "../milestones/milestone-schema.js";
import { gitHubError } from "./errors.js";
import { githubAccountOf } from "./github-accounts.js";
import { type CodeHostDeps, clientForUser } from "./repositories.js";
import { Repository } from "./schema.js";

const { issues } = schema;

type MilestoneOption = { number: number; title: string };
/** A milestone as the Milestone type takes it: within its repository. */
export type RepositoryMilestone = MilestoneOption & { repositoryId: string };
type RepositoryRow = typeof schema.repositories.$inferSelect;

/** The milestones the repository's issues carry, one per number, under the latest title. */
async function carriedMilestones(db: Database, repositoryId: string): Promise<MilestoneOption[]> {
  const milestone = issues.milestone;
  const number = sql`(${milestone}->>'number')::int`;
  // A title renamed on GitHub: the most recently updated issue's title is the milestone's.
  return queryRows<MilestoneOption>(
    db,
    sql`
    select distinct on (${number}) ${number} as number, ${milestone}->>'title' as title
    from ${issues}
    where ${and(eq(issues.repositoryId, repositoryId), sql`${milestone} is not null`)}
    order by ${number}, ${issues.updatedAt} desc`,
  );
}

/**
 * The repository's open milestones as GitHub lists them now, read with the viewer's own GitHub
 * account (so GitHub decides what they may see; answers are ETag-cached). Null when there is no
 * GitHub to ask: a native repository, an install without GitHub, a viewer who never connected it.
 */
async function gitHubMilestones(
  db: Database,
  codeHost: CodeHostDeps | null,
  userId: string,
  repository: RepositoryRow,
): Promise<MilestoneOption[] | null> {
  if (!codeHost || repository.ghId === null || !(await githubAccountOf(codeHost, userId))) return null;
  const { client } = await clientForUser(codeHost, userId);
  try {
    const listed = await client.paginate(client.rest.issues.listMilestones, {
      owner: repository.ownerLogin,
      repo: repository.name,
      state: "open",
      per_page: 100,
    });
    // GitHub's full word on each is kept in Gantry's copy, which the Milestone type answers from (decision 0085).
    for (const milestone of listed) await keepGitHubMilestone(db, repository.id, milestone);
    return listed.map((milestone) => ({ number: milestone.number, title: milestone.title }));
  } catch (error) {
    throw gitHubError(error);
  }
}

/** Code-point order of the lower-cased titles, as the filter menus sort. */
const byTitle = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * What the issue sidebar offers an issue of this repository (a milestone is a number within its
 * repository, and setIssuesMilestone takes that number): GitHub's open milestones, or a Gantry
 * repository's own open ones (decision 0028), plus any (closed, say) that its issues still carry;
 * the listed title wins. By title, then number.
 */
export async function repositoryMilestones(
  db: Database,
  codeHost: CodeHostDeps | null,
  userId: string,
  repository: RepositoryRow,
  query?: string | null,
): Promise<RepositoryMilestone[]> {
  const [listed, carried] = await Promise.all([
    repository.nativeWorkspaceId
      ? openNativeMilestones(db, repository.id)
      : gitHubMilestones(db, codeHost, userId, repository),
    carriedMilestones(db, repository.id),
  ]);
  const byNumber = new Map<number, MilestoneOption>();
  for (const milestone of [...carried, ...(listed ?? [])]) byNumber.set(milestone.number, milestone);
  const typed = (query ?? "").trim().toLowerCase();
  return [...byNumber.values()]
    .map((milestone) => ({ ...milestone, repositoryId: repository.id }))
    .filter((milestone) => !typed || milestone.title.toLowerCase().includes(typed))
    .sort((a, b) => byTitle(a.title, b.title) || a.number - b.number);
}

builder.objectField(Repository, "milestones", (t) =>
  t.connection(
    {
      type: Milestone,
      description:
        "GitHub's open milestones of the repository, read with your GitHub account (a Gantry repository's own open milestones), and those its issues carry, by title (decision 0028).",
      args: {
        query: t.arg.string({ required: false, description: "Keeps milestones whose title contains this text." }),
      },
      resolve: async (repository, args, context) =>
        arrayConnection(
          args,
          await repositoryMilestones(
            context.db,
            context.codeHost?.deps ?? null,
            signedInViewer(context).id,
            repository,
            args.query,
          ),
        ),
    },
    MilestoneConnection,
  ),
);

builder.relayMutationField(
  "createMilestone",
  {
    inputFields: (t) => ({
      repositoryId: t.globalID({
        required: true,
        for: Repository,
        description: "A workspace's Gantry repository; GitHub repositories' milestones are created on GitHub.",
      }),
      title: t.string({ required: true, description: "1 to 255 characters, unique in the repository ignoring case." }),
      description: t.string({ required: false }),
      dueOn: t.field({
        type: "ISO8601DateTime",
        required: false,
        description: "When it is due; Gantry keeps the day (UTC), as GitHub keeps its milestones' due dates.",
      }),
      startDate: t.field({ type: "ISO8601DateTime", required: false, description: "When work on it starts." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description: "Creates a milestone of a workspace's Gantry repository, for its native issues (decision 0028).",
    resolve: async (_root, { input }, context) => {
      const created = await createNativeMilestone(context.db, signedInViewer(context).id, {
        repositoryId: input.repositoryId.id,
        title: input.title,
        description: input.description ?? null,
        dueOn: input.dueOn ? input.dueOn.toISOString().slice(0, 10) : null,
        startDate: input.startDate ?? null,
      });
      return { milestone: { repositoryId: created.repositoryId, number: created.number, title: created.title } };
    },
  },
  {
    outputFields: (t) => ({
      milestone: t.field({ type: Milestone, resolve: (payload) => payload.milestone }),
    }),
  },
);
