import { type Database, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { eq } from "drizzle-orm";

/**
 * `count` issues of a newly connected repository, inserted as an import would, spread over the
 * first two of `pipelineIds` in rank order; their database ids.
 */
export async function importIssuesOntoBoard(
  db: Database,
  workspaceId: string,
  pipelineIds: string[],
  count: number,
  label: string,
): Promise<string[]> {
  const ghId = 100_000_000 + Math.floor(Math.random() * 1e8);
  const [repository] = await db
    .insert(schema.repositories)
    .values({
      ghId,
      ownerLogin: "acme",
      name: `${label}-${ghId}`,
      htmlUrl: `https://github.test/acme/${label}-${ghId}`,
    })
    .returning();
  if (!repository) throw new Error("no repository");
  await db.insert(schema.workspaceRepositories).values({ workspaceId, repositoryId: repository.id });
  const inserted = await db
    .insert(schema.issues)
    .values(
      Array.from({ length: count }, (_, index) => ({
        repositoryId: repository.id,
        ghId: ghId * 10 + index,
        number: index + 1,
        title: `${label} ${index + 1}`,
        state: "open" as const,
        ghCreatedAt: new Date(),
        ghUpdatedAt: new Date(),
      })),
    )
    .returning({ id: schema.issues.id });
  const issueIds = inserted.map((issue) => issue.id);
  const ranks = ranksBetween(null, null, count);
  await db.insert(schema.issuePositions).values(
    issueIds.map((issueId, index) => ({
      workspaceId,
      issueId,
      pipelineId: pipelineIds[index % 2] as string,
      rank: ranks[index] as string,
    })),
  );
  return issueIds;
}

/** What is wrong with a board's order: each expected issue placed once, no two ranks equal within a pipeline. */
export async function orderProblems(db: Database, workspaceId: string, expected: string[]): Promise<string[]> {
  const rows = await db.select().from(schema.issuePositions).where(eq(schema.issuePositions.workspaceId, workspaceId));
  const problems: string[] = [];
  const placed = rows.map((row) => row.issueId);
  const missing = expected.filter((id) => !placed.includes(id));
  if (missing.length > 0) problems.push(`${missing.length} issues lost`);
  if (new Set(placed).size !== placed.length) problems.push("issues duplicated");
  for (const pipelineId of new Set(rows.map((row) => row.pipelineId))) {
    const ranks = rows
      .filter((row) => row.pipelineId === pipelineId)
      .map((row) => row.rank)
      .sort(); // Ranks are ASCII, so code-unit order is the board's collate "C" order.
    for (let index = 1; index < ranks.length; index++) {
      if ((ranks[index - 1] as string) >= (ranks[index] as string))
        problems.push(`two issues share rank ${ranks[index]}`);
    }
  }
  return problems;
}
