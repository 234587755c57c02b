import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyLabelEvent } from "../../codehost/repository-events.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

/** A label sync script's read, with the reference's Timestamps fragment. */
const ISSUE_LABELS = `
fragment LabelRecord on Label { id name color description ghId ghNodeId ... on Timestamps { createdAt updatedAt } }
query IssueLabels($issueId: ID!) {
  node(id: $issueId) { ... on Issue { labels(first: 20) { nodes { ...LabelRecord } } } }
}`;

const ADD_LABELS = `
mutation AddLabels($issueIds: [ID!]!, $labelIds: [ID!], $labelInfos: [LabelInfoInput!]) {
  addLabelsToIssues(input: { issueIds: $issueIds, labelIds: $labelIds, labelInfos: $labelInfos }) {
    successCount
    labels { id name }
  }
}`;

const REMOVE_LABELS = `
mutation RemoveLabels($issueIds: [ID!]!, $labelIds: [ID!]) {
  removeLabelsFromIssues(input: { issueIds: $issueIds, labelIds: $labelIds }) { successCount labels { name } }
}`;

const CREATE_TYPED_ISSUE = `
fragment TypeInfo on BaseIssueType { id name color description disposition isEnabled createdAt }
mutation CreateTypedIssue($repositoryId: ID!, $title: String!, $issueTypeId: ID) {
  createIssue(input: { repositoryId: $repositoryId, title: $title, issueTypeId: $issueTypeId }) {
    issue { number issueType { __typename ...TypeInfo } }
  }
}`;

const CHANGE_TYPE = `
mutation ChangeType($issueIds: [ID!]!, $issueTypeId: ID) {
  changeIssueTypeOfIssues(input: { issueIds: $issueIds, issueTypeId: $issueTypeId }) { successCount failedIssues { number } }
}`;

describe.each(testEngines())("labels and issue types as ZenHub clients use them, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let nativeRepositoryId: string;
  let gitHubRepositoryId: string;
  let typeId: string;
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;
  const zenhub = (operation: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);
  const labelsOf = async (issueId: string) =>
    (
      await t.database.db
        .select()
        .from(schema.issues)
        .where(eq(schema.issues.id, uuid(issueId)))
    )[0]?.labels.map((label) => label.name);

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 2, gitHub: 1 });
    const db = t.database.db;
    const [gitHubIssue] = await db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.gitHub[0])));
    const [nativeIssue] = await db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.native[0])));
    gitHubRepositoryId = gitHubIssue?.repositoryId as string;
    nativeRepositoryId = nativeIssue?.repositoryId as string;
    await db
      .update(schema.issues)
      .set({ labels: [{ name: "bug", color: "d73a4a" }] })
      .where(eq(schema.issues.id, uuid(w.gitHub[0])));
    // The organisation's issue types, as connecting its repository records them.
    const [type] = await db
      .insert(schema.githubIssueTypes)
      .values({ ownerLogin: w.gitHubRepository.owner.toLowerCase(), ghId: 41, name: "Bug", color: "red", position: 0 })
      .returning();
    typeId = encodeGlobalID("GithubIssueType", type?.id as string);
    secret = (await createKey(t, w.owner, "labels script")).secret;
  });
  afterAll(() => t.close());

  it("answers GitHub's ids for a label a `label` delivery recorded (@octokit/webhooks-examples label.created)", async () => {
    await applyLabelEvent(t.database.db, gitHubRepositoryId, {
      action: "created",
      label: {
        id: 208045946,
        node_id: "MDU6TGFiZWwyMDgwNDU5NDY=",
        name: "bug",
        color: "d73a4a",
        description: "Something isn't working",
      },
    });
    const answer = await zenhub(ISSUE_LABELS, { issueId: w.gitHub[0] });
    expect(answer.errors).toBeUndefined();
    const [label] = (answer.data as { node: { labels: { nodes: Record<string, unknown>[] } } }).node.labels.nodes;
    expect(label).toMatchObject({
      name: "bug",
      ghId: 208045946,
      ghNodeId: "MDU6TGFiZWwyMDgwNDU5NDY=",
      description: "Something isn't working",
    });
    expect(new Date(label?.createdAt as string).getTime()).toBeGreaterThan(0);
    await applyLabelEvent(t.database.db, gitHubRepositoryId, {
      action: "deleted",
      label: { id: 208045946, node_id: "MDU6TGFiZWwyMDgwNDU5NDY=", name: "bug" },
    });
    const rows = await t.database.db
      .select()
      .from(schema.githubLabels)
      .where(eq(schema.githubLabels.repositoryId, gitHubRepositoryId));
    expect(rows).toEqual([]);
  });

  it("adds and removes labels by the ids Label.id gives, answering the labels", async () => {
    const labelId = encodeGlobalID("Label", `${nativeRepositoryId}:triage`);
    const added = await zenhub(ADD_LABELS, { issueIds: [w.native[0]], labelIds: [labelId] });
    expect(added.errors).toBeUndefined();
    expect(added.data).toEqual({
      addLabelsToIssues: { successCount: 1, labels: [{ id: labelId, name: "triage" }] },
    });
    // A native issue's labels are named as Gantry names native labels (the zh- prefix, decision 0071).
    expect(await labelsOf(w.native[0] as string)).toContain("zh-triage");
    // Removed by the id the issue's label answers, as a script reading Label.id passes it back.
    const read = await zenhub(ISSUE_LABELS, { issueId: w.native[0] });
    const onIssue = (read.data as { node: { labels: { nodes: { id: string; name: string }[] } } }).node.labels.nodes;
    const stored = onIssue.find((label) => label.name === "zh-triage");
    expect(stored?.id).toBe(encodeGlobalID("Label", `${nativeRepositoryId}:zh-triage`));
    const removed = await zenhub(REMOVE_LABELS, { issueIds: [w.native[0]], labelIds: [stored?.id] });
    expect(removed.errors).toBeUndefined();
    expect(await labelsOf(w.native[0] as string)).not.toContain("zh-triage");
  });

  it("refuses a bad label id, or a labelInfo without a name, writing nothing", async () => {
    const before = await labelsOf(w.native[1] as string);
    const badId = await zenhub(ADD_LABELS, {
      issueIds: [w.native[1]],
      labelIds: [encodeGlobalID("Label", `${nativeRepositoryId}:ok`), encodeGlobalID("Pipeline", nativeRepositoryId)],
    });
    expect(badId.errors?.[0]?.message).toMatch(/is not a label id/);
    const unnamed = await zenhub(ADD_LABELS, { issueIds: [w.native[1]], labelInfos: [{ color: "#ffffff" }] });
    expect(unnamed.errors?.[0]?.message).toMatch(/needs the label's name/);
    expect(await labelsOf(w.native[1] as string)).toEqual(before);
  });

  it("creates an issue with an issueTypeId and answers the type with that id", async () => {
    const answer = await zenhub(CREATE_TYPED_ISSUE, {
      repositoryId: encodeGlobalID("Repository", nativeRepositoryId),
      title: "Typed",
      issueTypeId: typeId,
    });
    expect(answer.errors).toBeUndefined();
    const issue = (answer.data as { createIssue: { issue: { issueType: Record<string, unknown> } } }).createIssue.issue;
    expect(issue.issueType).toMatchObject({
      __typename: "ZenhubIssueType",
      id: typeId,
      name: "Bug",
      color: "red",
      disposition: "BOARD",
      isEnabled: true,
    });
  });

  it("refuses an issueTypeId that is not an issue type's, creating and changing nothing", async () => {
    const count = async () => (await t.database.db.select().from(schema.issues)).length;
    const before = await count();
    const bad = await zenhub(CREATE_TYPED_ISSUE, {
      repositoryId: encodeGlobalID("Repository", nativeRepositoryId),
      title: "Not typed",
      issueTypeId: encodeGlobalID("GithubIssueType", "00000000-0000-4000-8000-000000000000"),
    });
    expect(bad.errors?.[0]?.message).toMatch(/No such issue type/);
    expect(await count()).toBe(before);
    const change = await zenhub(CHANGE_TYPE, { issueIds: [w.native[1]], issueTypeId: "not-an-id" });
    expect(change.errors?.[0]?.message).toMatch(/is not an issue type id/);
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.native[1])));
    expect(issue?.issueType).toBeNull();
  });

  it("changes issues' type by issueTypeId", async () => {
    const answer = await zenhub(CHANGE_TYPE, { issueIds: [w.native[1]], issueTypeId: typeId });
    expect(answer.errors).toBeUndefined();
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.native[1])));
    expect(issue?.issueType).toBe("Bug");
  });
});
