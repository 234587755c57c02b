import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareMapped, rowsMapper } from "./row-mapper.js";
import { issues, repositories } from "./schema/index.js";
import { createTestDatabase, type TestDatabase, testEngines } from "./testing.js";

describe.each(testEngines())("rows mapped by a generated mapper, on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [repository] = await database.db
      .insert(repositories)
      .values({ ghId: 7001, ownerLogin: "acme", name: "api", htmlUrl: "https://github.test/acme/api" })
      .returning();
    if (!repository) throw new Error("no repository");
    // Every kind of column an issue has, filled and empty: timestamps, jsonb, bigint, floats, booleans.
    await database.db.insert(issues).values([
      {
        repositoryId: repository.id,
        ghId: 9_007_199_254,
        number: 1,
        title: "Filled",
        body: "Body",
        state: "closed",
        isPullRequest: true,
        mergedAt: new Date("2026-03-01T10:00:00.123Z"),
        closedAt: new Date("2026-03-01T10:00:00.123Z"),
        htmlUrl: "https://github.test/acme/api/pull/1",
        author: { login: "ada", avatarUrl: "https://avatars.test/ada" },
        labels: [{ name: "bug", color: "d73a4a" }],
        assignees: [{ login: "grace", avatarUrl: null }],
        milestone: { number: 1, title: "v1" },
        issueType: "Bug",
        estimate: 2.5,
        isEpic: true,
        ghCreatedAt: new Date("2026-01-05T09:00:00Z"),
        ghUpdatedAt: new Date("2026-02-05T09:00:00Z"),
      },
      {
        repositoryId: repository.id,
        ghId: null,
        number: 2,
        title: "Empty",
        state: "open",
        ghCreatedAt: new Date("2026-01-06T09:00:00Z"),
        ghUpdatedAt: new Date("2026-01-06T09:00:00Z"),
      },
    ]);
  });
  afterAll(() => database.dispose());

  const selection = {
    issue: issues,
    repository: { id: repositories.id, name: repositories.name, createdAt: repositories.createdAt },
    labelCount: sql<number>`jsonb_array_length(${issues.labels})`.mapWith(Number),
    shout: sql<string>`upper(${issues.title})`.as("shout"),
    nothing: sql<unknown>`null`,
  };
  const select = () =>
    database.db
      .select(selection)
      .from(issues)
      .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
      .orderBy(asc(issues.number));

  it("answers what Drizzle's own mapping answers, value for value", async () => {
    const mapped = await prepareMapped(database.db, select(), rowsMapper<object>(selection)).execute();
    const drizzle = await select();
    expect(drizzle).toHaveLength(2);
    expect(mapped).toEqual(drizzle);
    expect(mapped[0]).toMatchObject({ issue: { mergedAt: new Date("2026-03-01T10:00:00.123Z"), estimate: 2.5 } });
  });

  it("fills placeholders when run again under a name", async () => {
    const query = database.db
      .select(selection)
      .from(issues)
      .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
      .where(eq(issues.number, sql.placeholder("number")));
    const prepared = prepareMapped(database.db, query, rowsMapper<{ shout: string }>(selection), "row_mapper_test");
    expect((await prepared.execute({ number: 1 })).map((row) => row.shout)).toEqual(["FILLED"]);
    expect((await prepared.execute({ number: 2 })).map((row) => row.shout)).toEqual(["EMPTY"]);
  });
});
