import { PassThrough } from "node:stream";
import { type Engine, schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { addMember, errorOf, field, type GraphQLAnswer, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { type FakeLlm, startFakeLlm } from "../testing/fake-llm.js";
import { subscribe } from "../testing/sse.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";
import { AI_DISABLED_MESSAGE, FROM_SIMILAR_MESSAGE, NOTHING_SIMILAR_MESSAGE } from "./acceptance-criteria/suggest.js";

const API_KEY = "sk-never-in-the-logs-4411";

const SUGGEST = `subscription ($input: SuggestAcceptanceCriteriaInput!) {
  suggestAcceptanceCriteria(input: $input) { source criteria criteriaFrom { number } done message failure similarIssues { number title } }
}`;

const SET_AI = `mutation ($org: ID!, $on: Boolean!) {
  setGantryOrganizationAiEnabled(input: { gantryOrganizationId: $org, aiEnabled: $on }) { gantryOrganization { aiEnabled } }
}`;

interface Step {
  source: string;
  criteria: string[];
  done: boolean;
  message: string | null;
  failure: string | null;
  criteriaFrom: { number: number }[];
  similarIssues: { number: number; title: string }[];
}

interface Fixture {
  t: TestApp;
  owner: TestUser;
  editor: TestUser;
  reader: TestUser;
  organization: string;
  workspace: string;
  /** The open issue being edited, labelled "export". */
  issue: string;
  close(): Promise<void>;
}

const CLOSED = [
  {
    number: 1,
    title: "CSV export drops the header row",
    body: "Export misses headers.\n\n- [ ] The CSV starts with a header row\n- [x] Column names match the board",
  },
  { number: 2, title: "Dark theme contrast on cards", body: "- [ ] Card text meets WCAG AA contrast" },
  { number: 3, title: "CSV export of estimates", body: "No checklist here, just prose about export." },
];

/** An app (with or without a model) and a workspace holding a repository with closed issues. */
async function fixture(engine: Engine, env: NodeJS.ProcessEnv, logStream?: NodeJS.WritableStream): Promise<Fixture> {
  const t = await createSignUpTestApp(engine, env, logStream ? { logStream } : {});
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { owner, organization, workspace, people } = await workspaceTeam(
    t,
    { editor: "editor", reader: "viewer" },
    { private: true },
  );
  const { editor, reader } = people;
  const db = t.database.db;
  const [repository] = await db
    .insert(schema.repositories)
    .values({ ghId: 4242, ownerLogin: "acme", name: "reports", htmlUrl: "https://github.test/acme/reports" })
    .returning();
  if (!repository) throw new Error("no repository");
  await db
    .insert(schema.workspaceRepositories)
    .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: repository.id });
  const at = new Date("2026-01-05T10:00:00Z");
  const common = { repositoryId: repository.id, ghCreatedAt: at, ghUpdatedAt: at };
  await db.insert(schema.issues).values(
    CLOSED.map((issue) => ({
      ...common,
      ...issue,
      ghId: 9000 + issue.number,
      state: "closed" as const,
      closedAt: at,
    })),
  );
  const [open] = await db
    .insert(schema.issues)
    .values({
      ...common,
      ghId: 9100,
      number: 10,
      title: "CSV export",
      state: "open",
      labels: [{ name: "export", color: "0e8a16" }],
    })
    .returning();
  if (!open) throw new Error("no issue");
  return {
    t,
    owner,
    editor,
    reader,
    organization,
    workspace,
    issue: encodeGlobalID("Issue", open.id),
    close: () => t.close(),
  };
}

/** Every step of one suggestion, up to the one marked done (or the first error). */
async function suggest(f: Fixture, user: TestUser | null, input: Record<string, unknown>) {
  const stream = await subscribe(f.t, user?.token ?? null, SUGGEST, {
    input: { workspaceId: f.workspace, issueId: f.issue, title: "CSV export", ...input },
  });
  const steps: Step[] = [];
  try {
    for (;;) {
      const answer: GraphQLAnswer = await stream.next(10_000);
      if (answer.errors) return { steps, error: errorOf(answer) };
      const step = field<Step>(answer, "suggestAcceptanceCriteria");
      steps.push(step);
      if (step.done) return { steps, error: null };
    }
  } finally {
    stream.close();
  }
}

describe.each(testEngines())("acceptance-criteria suggestions on %s", (engine) => {
  let llm: FakeLlm;
  let withModel: Fixture;
  let withoutModel: Fixture;
  const logLines: string[] = [];

  beforeAll(async () => {
    llm = await startFakeLlm();
    const logs = new PassThrough();
    logs.on("data", (chunk: Buffer) => logLines.push(chunk.toString()));
    withModel = await fixture(
      engine,
      {
        AI_BASE_URL: llm.baseUrl,
        AI_API_KEY: API_KEY,
        AI_MODEL: "test-model",
        AI_TIMEOUT_SECONDS: "1",
        LOG_LEVEL: "trace",
      },
      logs,
    );
    withoutModel = await fixture(engine, {});
  });
  afterAll(async () => {
    await withModel?.close();
    await withoutModel?.close();
    await llm?.close();
  });

  describe("who may ask, and with what", () => {
    it("refuses someone signed out", async () => {
      expect((await suggest(withModel, null, {})).error?.code).toBe("UNAUTHENTICATED");
    });

    it("needs a title, with the issue editor's message", async () => {
      expect((await suggest(withModel, withModel.editor, { title: "  " })).error).toEqual({
        code: "BAD_USER_INPUT",
        message: "An issue needs a title.",
      });
    });

    it("refuses someone who may only read the workspace, and sends nothing to the model", async () => {
      const before = llm.requests.length;
      expect((await suggest(withModel, withModel.reader, {})).error).toEqual({
        code: "FORBIDDEN",
        message: "You do not have permission to do this in this workspace.",
      });
      expect(llm.requests.length).toBe(before);
    });
  });

  describe("with a model configured", () => {
    it("asks the model with the issue's title, body, labels and similar closed issues, and streams its criteria", async () => {
      llm.answer({ kind: "stream", pieces: ["- [ ] The file has ", "a header row\n", "- [ ] Totals match"] });
      const before = llm.requests.length;
      const { steps, error } = await suggest(withModel, withModel.editor, { body: "Rows go missing." });
      expect(error).toBeNull();
      expect(steps.map((step) => step.criteria)).toEqual([
        [],
        ["The file has"],
        ["The file has a header row"],
        ["The file has a header row", "Totals match"],
        ["The file has a header row", "Totals match"],
      ]);
      expect(steps.at(-1)).toMatchObject({ source: "MODEL", done: true, failure: null, message: null });
      expect(steps.at(-1)?.similarIssues.map((issue) => issue.number)).toEqual([1, 3]);

      const sent = llm.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.authorization).toBe(`Bearer ${API_KEY}`);
      const prompt = sent[0]?.body.messages?.map((message) => message.content).join("\n") ?? "";
      for (const part of [
        "Title: CSV export",
        "Labels: export",
        "Rows go missing.",
        "#1 CSV export drops the header row",
        "- [ ] The CSV starts with a header row",
      ])
        expect(prompt).toContain(part);
      expect(prompt).not.toContain("Dark theme");
    });

    it("ends with the rate-limit message when the model answers 429, and editing goes on", async () => {
      llm.answer({ kind: "status", status: 429, headers: { "retry-after": "30" } });
      const { steps } = await suggest(withModel, withModel.editor, {});
      expect(steps.at(-1)).toMatchObject({
        done: true,
        criteria: [],
        failure: "The AI service is receiving too many requests (rate limit reached). Try again in 30 seconds.",
      });
    });

    it("keeps what came before the model stalled, and says it timed out", async () => {
      llm.answer({ kind: "stream", pieces: ["- [ ] Header row kept\n", "- [ ] never"], stallAfter: 1 });
      const { steps } = await suggest(withModel, withModel.editor, {});
      expect(steps.at(-1)).toMatchObject({
        done: true,
        criteria: ["Header row kept"],
        failure: "The AI service did not answer within 1 second. Try again later.",
      });
    });

    it("says the service failed on a 500", async () => {
      llm.answer({ kind: "status", status: 500 });
      const { steps } = await suggest(withModel, withModel.editor, {});
      expect(steps.at(-1)?.failure).toBe("The AI service failed to answer (HTTP 500). Try again later.");
    });

    it("never writes the API key to the logs", () => {
      const log = logLines.join("");
      expect(log).toContain("/graphql");
      expect(log).not.toContain(API_KEY);
    });
  });

  describe("without a model configured", () => {
    it("draws criteria from the most similar closed issues' task lists, says so, and sends nothing anywhere", async () => {
      const before = llm.requests.length;
      const { steps } = await suggest(withoutModel, withoutModel.editor, {});
      expect(steps).toEqual([
        {
          source: "SIMILAR_CLOSED_ISSUES",
          criteria: ["The CSV starts with a header row", "Column names match the board"],
          // Each taken from #1, to be quoted as #1's, not written for this issue.
          criteriaFrom: [{ number: 1 }, { number: 1 }],
          done: true,
          message: FROM_SIMILAR_MESSAGE,
          failure: null,
          similarIssues: [{ number: 1, title: "CSV export drops the header row" }],
        },
      ]);
      expect(llm.requests.length).toBe(before);
    });

    it("says when no similar closed issue has criteria to draw from", async () => {
      const { steps } = await suggest(withoutModel, withoutModel.editor, { title: "Sprint rollover at midnight" });
      expect(steps).toEqual([expect.objectContaining({ criteria: [], message: NOTHING_SIMILAR_MESSAGE })]);
    });
  });

  describe("an organisation admin switching AI off", () => {
    it("is refused to people signed out, to members and to outsiders", async () => {
      const f = withModel;
      const vars = { org: f.organization, on: false };
      expect(errorOf(await gql(f.t, null, SET_AI, vars)).code).toBe("UNAUTHENTICATED");
      expect(errorOf(await gql(f.t, f.editor.token, SET_AI, vars))).toEqual({
        code: "FORBIDDEN",
        message: "Only organization admins can do this.",
      });
      const outsider = await signUpUser(f.t, "outsider");
      expect(errorOf(await gql(f.t, outsider.token, SET_AI, vars))).toEqual({
        code: "NOT_FOUND",
        message: "This organization does not exist.",
      });
      const read = await gql(
        f.t,
        f.editor.token,
        "query ($id: ID!) { node(id: $id) { ... on GantryOrganization { aiEnabled } } }",
        {
          id: f.organization,
        },
      );
      expect(field(read, "node")).toEqual({ aiEnabled: true });
    });

    it("turns both paths off for everyone, sending nothing to the model, until an admin turns it on again", async () => {
      const f = withModel;
      const admin = await signUpUser(f.t, "admin");
      await addMember(f.t, f.organization, admin, "admin");
      const off = await gql(f.t, admin.token, SET_AI, { org: f.organization, on: false });
      expect(field(off, "setGantryOrganizationAiEnabled")).toEqual({ gantryOrganization: { aiEnabled: false } });
      const seen = await gql(
        f.t,
        f.editor.token,
        "query ($id: ID!) { workspace(id: $id) { gantryOrganization { aiEnabled } } }",
        {
          id: f.workspace,
        },
      );
      expect(field(seen, "workspace")).toEqual({ gantryOrganization: { aiEnabled: false } });

      const before = llm.requests.length;
      expect((await suggest(f, f.editor, {})).error).toEqual({ code: "FORBIDDEN", message: AI_DISABLED_MESSAGE });
      expect(llm.requests.length).toBe(before);

      await gql(f.t, admin.token, SET_AI, { org: f.organization, on: true });
      llm.answer({ kind: "stream", pieces: ["- [ ] Back on"] });
      expect((await suggest(f, f.editor, {})).steps.at(-1)?.criteria).toEqual(["Back on"]);
    });

    it("turns the fallback off too", async () => {
      const f = withoutModel;
      await gql(f.t, f.owner.token, SET_AI, { org: f.organization, on: false });
      expect((await suggest(f, f.editor, {})).error?.message).toBe(AI_DISABLED_MESSAGE);
    });
  });
});
