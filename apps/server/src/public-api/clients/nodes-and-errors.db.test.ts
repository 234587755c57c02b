import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql, servedSchema, weeklySprints } from "../testing.js";
import { zenhubOnlyConcept } from "../zenhub-only-concepts.js";
import { zenhubName } from "../zenhub-view.js";
import { gantryNamed } from "./zenhub-operations.js";

// node(id:) and errors as a ZenHub script meets them (decision 0095).

const NODE = `
query Node($id: ID!) { node(id: $id) { __typename id } }`;

const NODES = `
query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`;

/** Every list a script reads ids from, one page each. */
const IDS = `
fragment Id on Node { id }
query Ids($workspaceId: ID!, $issueId: ID!) {
  viewer { ...Id }
  workspace(id: $workspaceId) {
    ...Id
    zenhubOrganization {
      ...Id
      zenhubUsersAtOrganization(first: 1) { nodes { id } }
    }
    pipelinesConnection(first: 1) { nodes { ...Id } }
    zenhubEpics(first: 1) { nodes { ...Id } }
    epics(first: 1) { nodes { ...Id } }
    releases(first: 1) { nodes { ...Id } }
    sprintConfig { ...Id }
    sprints(first: 1) { nodes { ...Id sprintIssues(first: 1) { nodes { ...Id } } } }
    savedViews(first: 1) { nodes { ...Id } }
    zenhubLabels(first: 1) { nodes { ...Id } }
  }
  issue: node(id: $issueId) {
    ...Id
    ... on Issue { repository { ...Id } comments(first: 1) { nodes { ...Id } } }
  }
}`;

const CREATE_COMMENT = `
mutation CreateComment($input: CreateCommentInput!) { createComment(input: $input) { comment { id } } }`;

const CREATE_BLOCKAGE = `
mutation CreateBlockage($input: CreateBlockageInput!) { createBlockage(input: $input) { blockage { id } } }`;

const CREATE_DEPENDENCY = `
mutation CreateIssueDependency($input: CreateIssueDependencyInput!) {
  createIssueDependency(input: $input) { issueDependency { id } }
}`;

const CREATE_SAVED_VIEW = `
mutation CreateSavedView($input: CreateSavedViewInput!) { createSavedView(input: $input) { savedView { id } } }`;

const CREATE_MILESTONE = `
mutation CreateMilestone($input: CreateMilestoneInput!) { createMilestone(input: $input) { milestone { id } } }`;

const CREATE_LABEL = `
mutation CreateZenhubLabel($input: CreateZenhubLabelInput!) { createZenhubLabel(input: $input) { zenhubLabel { id } } }`;

const CREATE_EPIC = `
mutation CreateZenhubEpic($input: CreateZenhubEpicInput!) { createZenhubEpic(input: $input) { zenhubEpic { id } } }`;

const ADD_LABELS = `
mutation AddZenhubLabelsToIssues($input: AddZenhubLabelsToIssuesInput!) {
  addZenhubLabelsToIssues(input: $input) { clientMutationId }
}`;

/**
 * Node types whose ids this API never hands out: a ZenHub-only concept, a key (managed from a signed-in
 * session only, never with a key), or `ZenhubOrganizationLimited`, which no field of the reference returns (its
 * loading is workspace-lists.db.test.ts's, decision 0093). `ZenhubUserAtOrganization`'s id is its person's, loaded
 * as that ZenhubUser.
 */
const NEVER_HANDED_OUT = new Set(["ApiKey", "ZenhubOrganizationLimited"]);
const LOADED_AS: Record<string, string> = { ZenhubUserAtOrganization: "ZenhubUser" };

describe.each(testEngines())("node(id:) and errors from a ZenHub-shaped script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let ownerKey: string;
  let outsiderKey: string;
  /** One id of each Node type, as the API handed it out. */
  const handedOut = new Map<string, string>();

  const zenhub = (key: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer> =>
    publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = async (query: string, variables: Record<string, unknown>) => {
    const answer = await zenhub(ownerKey, query, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  /** Every `id` in an answer, under the type its id names (ZenHub's name for it). */
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "id" && typeof inner === "string") handedOut.set(zenhubName(decodeGlobalID(inner).typename), inner);
        else collect(inner);
      }
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 3, gitHub: 1 });
    ownerKey = (await createKey(t, w.owner, "node script")).secret;
    outsiderKey = (await createKey(t, w.outsider, "outsider script")).secret;
    const db = t.database.db;
    const [native1, native2] = w.native as [string, string, string];
    const [gitHubIssue] = w.gitHub.map((id) => decodeGlobalID(id).id) as [string];
    const [nativeIssue] = await db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(native1).id));
    const workspaceId = decodeGlobalID(w.workspace).id;
    const gantryRepository = encodeGlobalID("Repository", nativeIssue?.repositoryId as string);
    // What a planning script meets: an epic of GitHub's, a release, sprints with an issue, a labelled epic.
    await db.update(schema.issues).set({ isEpic: true }).where(eq(schema.issues.id, gitHubIssue));
    await db.insert(schema.releases).values({ workspaceId, title: "Next" });
    await weeklySprints(t, w.owner, w.workspace);
    const [sprint] = await db.select().from(schema.sprints).where(eq(schema.sprints.workspaceId, workspaceId));
    await db.insert(schema.sprintIssues).values({ sprintId: sprint?.id as string, issueId: nativeIssue?.id as string });
    for (const [query, input] of [
      [CREATE_COMMENT, { commentableId: native1, body: "Looks right." }],
      [CREATE_BLOCKAGE, { blocking: { id: native1, type: "ISSUE" }, blocked: { id: native2, type: "ISSUE" } }],
      [
        CREATE_DEPENDENCY,
        {
          blockingIssue: { repositoryId: gantryRepository, issueNumber: 2 },
          blockedIssue: { repositoryId: gantryRepository, issueNumber: 3 },
        },
      ],
      [CREATE_SAVED_VIEW, { workspaceId: w.workspace, name: "Mine", filters: {} }],
      [CREATE_MILESTONE, { repositoryId: gantryRepository, title: "v1" }],
      [CREATE_LABEL, { zenhubOrganizationId: w.organization, name: "Ops", color: "00aa00" }],
      [CREATE_EPIC, { workspaceId: w.workspace, zenhubEpic: { title: "Launch", body: "" } }],
    ] as const)
      collect(await data(query, { input }));
    collect(await data(IDS, { workspaceId: w.workspace, issueId: native1 }));
  }, 240_000);
  afterAll(() => t.close());

  it("loads an id the API handed out of every Node type it serves, as that type", async () => {
    const served = await servedSchema(t, ownerKey, ZENHUB_GRAPHQL_PATH);
    const node = served.getType("Node");
    if (!node || isObjectType(node)) throw new Error("no Node interface");
    const nodeTypes = served.getPossibleTypes(node as never).map((type) => type.name);
    const loadable = nodeTypes.filter((name) => !NEVER_HANDED_OUT.has(name) && !zenhubOnlyConcept(name, "id"));
    // Every type a script can hold an id of was handed out above: none is left untested.
    expect(loadable.filter((name) => !handedOut.has(name) && !LOADED_AS[name])).toEqual([]);
    for (const name of loadable) {
      const id = handedOut.get(LOADED_AS[name] ?? name) as string;
      const answer = await zenhub(ownerKey, NODE, { id });
      expect({ name, answer }).toEqual({
        name,
        answer: { data: { node: { __typename: LOADED_AS[name] ?? name, id } } },
      });
    }
    // Loaded together too, in the order asked.
    const ids = loadable.map((name) => handedOut.get(LOADED_AS[name] ?? name) as string);
    const together = (await data(NODES, { ids })).nodes as unknown as { id: string }[];
    expect(together.map((found) => found.id)).toEqual(ids);
  });

  it("answers null for those ids to someone outside the organisation", async () => {
    for (const name of ["Comment", "Blockage", "IssueDependency", "SavedView", "SprintConfig", "SprintIssue"]) {
      const answer = await zenhub(outsiderKey, NODE, { id: handedOut.get(name) });
      expect({ name, answer }).toEqual({ name, answer: { data: { node: null } } });
    }
  });

  it("names the input a refused request lacks as each endpoint names it", async () => {
    const input = { issueIds: [w.native[0]] };
    const zenhubAnswer = await zenhub(ownerKey, ADD_LABELS, { input });
    expect(zenhubAnswer.errors?.map(({ message, extensions }) => ({ message, extensions }))).toEqual([
      {
        message: "Give zenhubLabelIds or labelInfos.",
        extensions: { code: "BAD_USER_INPUT", field: "zenhubLabelIds" },
      },
    ]);
    const gantryAnswer = await publicGql(t, ownerKey, gantryNamed(ADD_LABELS), { input });
    expect(gantryAnswer.errors?.map(({ message, extensions }) => ({ message, extensions }))).toEqual([
      {
        message: "Give gantryLabelIds or labelInfos.",
        extensions: { code: "BAD_USER_INPUT", field: "gantryLabelIds" },
      },
    ]);
  });
});
