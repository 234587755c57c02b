import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { addMember, errorOf, field, gql, grantWorkspace, signUpUser, type TestUser } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { suggestedLabelsForDraft } from "./suggestions.js";
import { AI_LABEL_TRAINING_QUEUE, aiLabelTrainingJob } from "./training.js";

const SUGGESTED = `query ($w: ID!, $i: ID!) { suggestedLabels(workspaceId: $w, issueId: $i) { name color confidence } }`;
const DRAFT = `query ($w: ID!, $title: String!, $body: String, $labels: [String!]) {
  suggestedLabelsForDraft(workspaceId: $w, title: $title, body: $body, labels: $labels) { name }
}`;
const DISMISS = `mutation ($i: ID!, $name: String!) { dismissLabelSuggestion(input: { issueId: $i, labelName: $name }) { issue { id } } }`;
const ADD_LABEL = `mutation ($ids: [ID!]!, $name: String!) {
  addLabelsToIssues(input: { issueIds: $ids, labelInfos: [{ name: $name }] }) { successCount failedIssues { id } }
}`;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id labels { name } } } }`;

const env = { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" };

/** Twelve past issues a triager labelled: crashes are bugs, README and guide fixes documentation. */
const HISTORY = [
  ["App crashes on start", "bug"],
  ["Crash when saving a file", "bug"],
  ["Crash after login with an error", "bug"],
  ["Error and crash on export", "bug"],
  ["Crash when the network drops", "bug"],
  ["Unexpected error crash in the editor", "bug"],
  ["Typo in the README", "documentation"],
  ["Document the config options in the README", "documentation"],
  ["Docs: explain the CLI flags", "documentation"],
  ["README install guide is out of date", "documentation"],
  ["Guide: document the plugin API", "documentation"],
  ["Docs typo in the getting started guide", "documentation"],
] as const;

type Suggestion = { name: string; color: string | null; confidence: number };

describe.each(testEngines())("AI label suggestions on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let editor: TestUser;
  let workspaceId: string;
  let gantryRepositoryId: string;
  /** Unlabelled issues to suggest for: a crash and a docs fix. */
  let crash: string;
  let docs: string;

  const suggestions = async (user: TestUser, issueId: string) =>
    field<Suggestion[]>(await gql(t, user.token, SUGGESTED, { w: w.workspace, i: issueId }), "suggestedLabels");

  beforeAll(async () => {
    t = await createTestApp(env, { engine });
    w = await workspaceWithIssues(t, { native: 0, gitHub: HISTORY.length + 2 });
    workspaceId = decodeGlobalID(w.workspace).id;
    editor = await signUpUser(t, "editor");
    await addMember(t, w.organization, editor, "member");
    await grantWorkspace(t, w.workspace, editor, "editor");
    const db = t.database.db;
    for (const [index, [title, label]] of HISTORY.entries()) {
      await db
        .update(schema.issues)
        .set({ title, labels: [{ name: label, color: label === "bug" ? "d73a4a" : "0075ca" }] })
        .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[index] ?? "").id));
    }
    crash = w.gitHub[HISTORY.length] ?? "";
    docs = w.gitHub[HISTORY.length + 1] ?? "";
    await db
      .update(schema.issues)
      .set({ title: "The app crashes with an error when saving" })
      .where(eq(schema.issues.id, decodeGlobalID(crash).id));
    await db
      .update(schema.issues)
      .set({ title: "README: document the export guide" })
      .where(eq(schema.issues.id, decodeGlobalID(docs).id));
    gantryRepositoryId = field<{ gantryRepository: { id: string } }>(
      await gql(t, w.owner.token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
        id: w.workspace,
      }),
      "workspace",
    ).gantryRepository.id;
  });
  afterAll(() => t.close());

  it("signed out: asks to sign in", async () => {
    expect(errorOf(await gql(t, null, SUGGESTED, { w: w.workspace, i: crash })).code).toBe("UNAUTHENTICATED");
  });

  it("suggests the label the workspace gives issues like it, with its colour, and nothing when unsure", async () => {
    const [first, ...rest] = await suggestions(editor, crash);
    expect(first).toMatchObject({ name: "bug", color: "d73a4a" });
    expect(first?.confidence).toBeGreaterThanOrEqual(0.6);
    expect(rest.map((s) => s.name)).not.toContain("documentation");
    expect((await suggestions(editor, docs)).map((s) => s.name)).toEqual(["documentation"]);
    const draft = await gql(t, editor.token, DRAFT, { w: w.workspace, title: "Zorblat quux", body: null });
    expect(field(draft, "suggestedLabelsForDraft")).toEqual([]);
  });

  it("suggests for a draft, leaving out the labels already chosen", async () => {
    const draft = (labels: string[]) =>
      gql(t, editor.token, DRAFT, { w: w.workspace, title: "Crash with an error on start", body: "", labels });
    expect(field<{ name: string }[]>(await draft([]), "suggestedLabelsForDraft")).toEqual([{ name: "bug" }]);
    expect(field(await draft(["Bug"]), "suggestedLabelsForDraft")).toEqual([]);
  });

  it("viewers may neither see, apply nor dismiss suggestions; outsiders learn nothing", async () => {
    expect(errorOf(await gql(t, w.viewer.token, SUGGESTED, { w: w.workspace, i: crash }))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(errorOf(await gql(t, w.viewer.token, DISMISS, { i: crash, name: "bug" })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.outsider.token, SUGGESTED, { w: w.workspace, i: crash })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.outsider.token, DISMISS, { i: crash, name: "bug" })).code).toBe("NOT_FOUND");
    const added = field<{ successCount: number }>(
      await gql(t, w.viewer.token, ADD_LABEL, { ids: [crash], name: "bug" }),
      "addLabelsToIssues",
    );
    expect(added.successCount).toBe(0);
  });

  it("rejects a bad label name with a clear message and writes nothing", async () => {
    expect(errorOf(await gql(t, editor.token, DISMISS, { i: crash, name: "  " }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Label names are 1 to 50 characters.",
    });
    const rows = await t.database.db
      .select()
      .from(schema.aiLabelDismissals)
      .where(eq(schema.aiLabelDismissals.issueId, decodeGlobalID(crash).id));
    expect(rows).toEqual([]);
  });

  it("a dismissed suggestion is not suggested for that issue again, to anyone", async () => {
    const answer = await gql(t, editor.token, DISMISS, { i: docs, name: "Documentation" });
    expect(field<{ issue: { id: string } }>(answer, "dismissLabelSuggestion").issue.id).toBe(docs);
    expect(await suggestions(editor, docs)).toEqual([]);
    expect(await suggestions(w.owner, docs)).toEqual([]);
    expect((await suggestions(editor, crash)).map((s) => s.name)).toContain("bug");
  });

  it("an accepted suggestion is added through the label path and no longer suggested; native issues get zh- names", async () => {
    const created = field<{ issue: { id: string } }>(
      await gql(t, editor.token, CREATE, {
        input: { repositoryId: gantryRepositoryId, title: "Crash on start with an error" },
      }),
      "createIssue",
    ).issue;
    const [suggestion] = await suggestions(editor, created.id);
    expect(suggestion?.name).toBe("zh-bug");
    const added = await gql(t, editor.token, ADD_LABEL, { ids: [created.id], name: suggestion?.name ?? "" });
    expect(field<{ successCount: number }>(added, "addLabelsToIssues").successCount).toBe(1);
    expect(await suggestions(editor, created.id)).toEqual([]);
  });

  it("learns labels given since, once the training job has run again", async () => {
    const db = t.database.db;
    const performance = ["Slow startup time", "Rendering is slow and laggy", "Slow search, high latency"];
    const extra = await db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .where(
        inArray(
          schema.issues.id,
          w.gitHub.slice(0, 3).map((id) => decodeGlobalID(id).id),
        ),
      );
    for (const [index, { id }] of extra.entries()) {
      await db
        .update(schema.issues)
        .set({
          title: performance[index] ?? "",
          labels: [{ name: "performance", color: "fbca04" }],
          updatedAt: new Date(),
        })
        .where(eq(schema.issues.id, id));
    }
    // Until the job runs, the stored model answers (it knows no "performance" yet) and asks for the job,
    // keyed by workspace so that asks while one waits cost nothing.
    const sent: unknown[][] = [];
    const jobs = { send: async (...args: unknown[]) => void sent.push(args) };
    const draft = { workspaceId, title: "Search is slow", body: null, labels: [] };
    expect(await suggestedLabelsForDraft({ db, jobs }, editor.userId, draft)).toEqual([]);
    expect(sent).toEqual([[AI_LABEL_TRAINING_QUEUE, { workspaceId }, workspaceId]]);
    await aiLabelTrainingJob({ db }).run({ workspaceId });
    const again = await gql(t, editor.token, DRAFT, { w: w.workspace, title: "Search is slow", body: null });
    expect(field(again, "suggestedLabelsForDraft")).toEqual([{ name: "performance" }]);
  });

  it("suggests nothing when the organization turned AI off", async () => {
    await t.database.db
      .update(schema.organizations)
      .set({ aiEnabled: false })
      .where(eq(schema.organizations.id, decodeGlobalID(w.organization).id));
    expect(await suggestions(editor, crash)).toEqual([]);
  });
});
