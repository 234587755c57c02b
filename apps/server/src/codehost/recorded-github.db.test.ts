import { schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedScenario, startReplay } from "../testing/fixture-replay.js";
import { gitHubError } from "./errors.js";
import { createGitHubClient, rateLimitReadings } from "./github-client.js";
import { type GitHubIssueWire, upsertIssues } from "./issue-sync.js";

describe.each(testEngines())("Gantry's GitHub client against recorded github.com traffic, on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("pages through a repository's issues by GitHub's Link headers and stores them as GitHub sent them", async () => {
    const recorded = recordedScenario("paginate-issues");
    const replay = await startReplay(recorded);
    try {
      const client = createGitHubClient({ apiUrl: replay.url, token: "recorded", account: "octokit-fixture-org" });
      const wires = await client.paginate(client.rest.issues.listForRepo, {
        owner: "octokit-fixture-org",
        repo: "paginate-issues",
        per_page: 3,
      });
      expect(wires.map((issue) => issue.number)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

      const [repository] = await database.db
        .insert(schema.repositories)
        .values({
          ghId: 1000,
          ownerLogin: "octokit-fixture-org",
          name: "paginate-issues",
          htmlUrl: "https://github.com/octokit-fixture-org/paginate-issues",
        })
        .returning();
      if (!repository) throw new Error("no repository row");
      await upsertIssues(database.db, repository.id, wires as GitHubIssueWire[]);
      const stored = await database.db
        .select()
        .from(schema.issues)
        .where(eq(schema.issues.repositoryId, repository.id))
        .orderBy(asc(schema.issues.number));

      const sent = recorded.flatMap((exchange) => exchange.response as GitHubIssueWire[]);
      expect(stored).toHaveLength(sent.length);
      for (const issue of stored) {
        const original = sent.find((candidate) => candidate.number === issue.number);
        expect(issue).toMatchObject({
          title: original?.title,
          state: original?.state,
          htmlUrl: original?.html_url,
          isPullRequest: Boolean(original?.pull_request),
          ghUpdatedAt: new Date(original?.updated_at ?? 0),
        });
      }
      expect(rateLimitReadings.get("octokit-fixture-org")?.limit).toBe(5000);
    } finally {
      await replay.close();
    }
  });

  it("turns GitHub's recorded validation failure into a clear, typed error", async () => {
    const replay = await startReplay(recordedScenario("errors"));
    try {
      const client = createGitHubClient({ apiUrl: replay.url, token: "recorded", account: "errors" });
      const failure = await client.rest.issues
        .createLabel({ owner: "octokit-fixture-org", repo: "errors", name: "foo", color: "invalid" })
        .catch((error: unknown) => error);
      const translated = gitHubError(failure);
      expect(translated.extensions.code).toBe("BAD_USER_INPUT");
      expect(translated.message).toContain("Validation Failed");
    } finally {
      await replay.close();
    }
  });
});
