import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { field, gql } from "../testing/factories.js";

const MILESTONES = `query ($q: String) {
  repositoryIssue(repositoryOwner: "acme", repositoryName: "web-app", issueNumber: 1) {
    repository { milestones(query: $q) { nodes { number title } } }
  }
}`;

describe.each(testEngines())("Repository.milestones on %s", (engine) => {
  let board: BoardFixture;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    const { db } = board.t.database;
    // On GitHub after the import, on no issue yet: "Launch" (#1) and "Post-launch polish" (#2) came with the seed.
    const webApp = board.hub.store.repository("acme", "web-app");
    const demo = board.hub.store.accountByLogin("demo");
    if (!webApp || !demo) throw new Error("the sandbox seed changed");
    board.hub.store.createMilestone(webApp, { title: "Beta", creatorId: demo.id });
    board.hub.store.createMilestone(webApp, { title: "Archived", creatorId: demo.id, state: "closed" });
    const [repository] = await db.select().from(schema.repositories).where(eq(schema.repositories.name, "web-app"));
    const [first] = await db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .where(eq(schema.issues.repositoryId, repository?.id ?? ""))
      .orderBy(asc(schema.issues.number));
    // An issue still carries a milestone since closed on GitHub (#40), and Gantry's copy of #1 has an old title.
    await db
      .update(schema.issues)
      .set({ milestone: { number: 40, title: "Closed sprint goal" } })
      .where(eq(schema.issues.id, first?.id ?? ""));
  });
  afterAll(() => board.close());

  const milestones = async (token: string, q?: string) =>
    field<{ repository: { milestones: { nodes: { number: number; title: string }[] } } }>(
      await gql(board.t, token, MILESTONES, { q: q ?? null }),
      "repositoryIssue",
    ).repository.milestones.nodes;

  it("offers GitHub's open milestones, even one no issue carries yet, and those issues still carry, by title", async () => {
    expect(await milestones(board.demo.token)).toEqual([
      { number: 3, title: "Beta" },
      { number: 40, title: "Closed sprint goal" },
      { number: 1, title: "Launch" },
      { number: 2, title: "Post-launch polish" },
    ]);
  });

  it("keeps those whose title holds the typed text, in any case", async () => {
    expect(await milestones(board.demo.token, "BET")).toEqual([{ number: 3, title: "Beta" }]);
    expect(await milestones(board.demo.token, "%")).toEqual([]);
  });

  it("reads GitHub again, so a milestone renamed there shows its new title", async () => {
    const webApp = board.hub.store.repository("acme", "web-app");
    const beta = webApp?.milestones.get(3);
    if (!beta) throw new Error("Beta is gone");
    beta.title = "Beta 2";
    beta.updatedAt = board.hub.store.timestamp();
    expect((await milestones(board.demo.token, "beta")).map((milestone) => milestone.title)).toEqual(["Beta 2"]);
  });
});
