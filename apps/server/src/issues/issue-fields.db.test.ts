import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import {
  createOrganization,
  createWorkspace,
  errorOf,
  field,
  gantryRepositoryOf,
  gql,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { issueFieldSeeder } from "../testing/issue-fields.js";
import { countQueries } from "../testing/query-count.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id number title type body labels { name } assignees { login } htmlUrl repository { name ownerName ghId } } } }`;
const SET_ESTIMATE = `mutation ($issueId: ID!, $value: Float) { setEstimate(input: { issueId: $issueId, value: $value }) { issue { estimate { value } } } }`;
const CARD_FIELDS = `id number title estimate { value } issueType { ... on BaseIssueType { name } } milestone { title }
  parentIssue { number } issueCountProgress { open closed total } issueEstimateProgress { open closed total }
  parentEpics { nodes { issue { number } } } parentGantryEpics(workspaceId: $workspaceId) { nodes { title } }
  sprints(workspaceId: $workspaceId) { nodes { name } } releases(workspaceId: $workspaceId) { nodes { title } }
  blockingIssues(workspaceId: $workspaceId) { nodes { number } } blockedIssues(workspaceId: $workspaceId) { nodes { number } }
  pipelineIssue(workspaceId: $workspaceId) { pipeline { name } priority { name color } } repository { name }`;
const COLUMN = `query ($pipelineId: ID!, $workspaceId: ID!, $first: Int!) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: $first) { nodes { ${CARD_FIELDS} } }
}`;

interface Card {
  id: string;
  number: number;
  title: string;
  estimate: { value: number } | null;
  issueType: { name: string } | null;
  parentIssue: { number: number } | null;
  issueCountProgress: { open: number; closed: number; total: number } | null;
  issueEstimateProgress: { open: number; closed: number; total: number } | null;
  parentEpics: { nodes: { issue: { number: number } }[] };
  parentGantryEpics: { nodes: { title: string }[] };
  sprints: { nodes: { name: string }[] };
  releases: { nodes: { title: string }[] };
  blockingIssues: { nodes: { number: number }[] };
  blockedIssues: { nodes: { number: number }[] };
  pipelineIssue: { pipeline: { name: string }; priority: { name: string; color: string } | null } | null;
  repository: { name: string };
}

describe.each(testEngines())("issue fields and native issues on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let workspace: string;
  let workspaceDbId: string;
  let gantryRepository: string;
  let pipelines: { id: string; name: string }[];

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { viewer: "viewer" });
    ({ owner, workspace } = team);
    viewer = team.people.viewer;
    workspaceDbId = decodeGlobalID(workspace).id;
    const answer = await gql(
      t,
      owner.token,
      "query ($id: ID!) { workspace(id: $id) { name gantryOrganization { name } gantryRepository { id name ownerName ghId } pipelines { id name } } }",
      { id: workspace },
    );
    const read = field<{
      name: string;
      gantryOrganization: { name: string };
      gantryRepository: { id: string; name: string; ownerName: string; ghId: number | null };
      pipelines: { id: string; name: string }[];
    }>(answer, "workspace");
    expect(read.gantryRepository).toMatchObject({
      name: read.name,
      ownerName: read.gantryOrganization.name,
      ghId: null,
    });
    gantryRepository = read.gantryRepository.id;
    pipelines = read.pipelines;
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (user: TestUser | null, input: Record<string, unknown>) =>
    gql(t, user?.token ?? null, CREATE, { input: { repositoryId: gantryRepository, ...input } });

  async function column(pipelineId: string, first = 100): Promise<Card[]> {
    return field<{ nodes: Card[] }>(
      await gql(t, owner.token, COLUMN, { pipelineId, workspaceId: workspace, first }),
      "searchIssuesByPipeline",
    ).nodes;
  }

  it("answers the same Gantry repository every time it is asked for", async () => {
    expect(await gantryRepositoryOf(t, owner.token, workspace)).toBe(gantryRepository);
  });

  it("refuses a new issue signed out, with a bad title, and to a viewer, storing nothing", async () => {
    expect(errorOf(await create(null, { title: "Hello" })).code).toBe("UNAUTHENTICATED");
    expect(errorOf(await create(owner, { title: "   " }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue needs a title.",
    });
    expect(errorOf(await create(owner, { title: "x".repeat(257) })).message).toBe("Titles are at most 256 characters.");
    // A native issue takes only its Gantry repository's own milestones (decision 0028).
    expect(errorOf(await create(owner, { title: "Milestone", milestone: 3 })).message).toBe(
      "This workspace has no milestone #3.",
    );
    expect(errorOf(await create(viewer, { title: "Sneaky" }))).toMatchObject({ code: "FORBIDDEN" });
    const outsider = await signUpUser(t, "outsider");
    expect(errorOf(await create(outsider, { title: "Sneaky" }))).toEqual({
      code: "NOT_FOUND",
      message: "This repository does not exist.",
    });
    const stored = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.repositoryId, decodeGlobalID(gantryRepository).id));
    expect(stored).toEqual([]);
  });

  it("creates native issues numbered one after another, each on top of the first pipeline", async () => {
    const first = field<{ issue: Record<string, unknown> }>(
      await create(owner, { title: "  Write the docs ", body: "**Soon**", labels: ["docs"] }),
      "createIssue",
    ).issue;
    expect(first).toMatchObject({
      number: 1,
      title: "Write the docs",
      type: "GantryIssue",
      body: "**Soon**",
      // A native label carries SPEC §9's prefix (decision 0015).
      labels: [{ name: "zh-docs" }],
      assignees: [],
      repository: { ghId: null },
    });
    expect(String(first.htmlUrl)).toContain(`/workspaces/${encodeURIComponent(workspace)}/issues/1`);
    const second = field<{ issue: { number: number } }>(await create(owner, { title: "Second" }), "createIssue").issue;
    expect(second.number).toBe(2);
    const firstPipeline = pipelines[0]?.id ?? "";
    expect((await column(firstPipeline)).map((card) => card.number)).toEqual([2, 1]);
  });

  it("puts a new issue on top of the pipeline it names", async () => {
    const backlog = pipelines[2];
    if (!backlog) throw new Error("no third pipeline");
    await create(owner, { title: "Planned", pipelineId: backlog.id });
    await create(owner, { title: "Planned later", pipelineId: backlog.id });
    expect((await column(backlog.id)).map((card) => card.title)).toEqual(["Planned later", "Planned"]);
  });

  it("sets estimates of at most two decimals, for writers only", async () => {
    const [card] = await column(pipelines[0]?.id ?? "");
    if (!card) throw new Error("no card");
    expect(errorOf(await gql(t, owner.token, SET_ESTIMATE, { issueId: card.id, value: 1.005 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An estimate has at most two decimals.",
    });
    expect(errorOf(await gql(t, owner.token, SET_ESTIMATE, { issueId: card.id, value: -2 })).message).toBe(
      "An estimate cannot be negative.",
    );
    expect(errorOf(await gql(t, viewer.token, SET_ESTIMATE, { issueId: card.id, value: 3 })).code).toBe("FORBIDDEN");
    const set = field<{ issue: { estimate: { value: number } } }>(
      await gql(t, owner.token, SET_ESTIMATE, { issueId: card.id, value: 2.5 }),
      "setEstimate",
    );
    expect(set.issue.estimate).toEqual({ value: 2.5 });
    const cleared = field<{ issue: { estimate: null } }>(
      await gql(t, owner.token, SET_ESTIMATE, { issueId: card.id, value: null }),
      "setEstimate",
    );
    expect(cleared.issue.estimate).toBeNull();
  });

  it("shows every field a card needs, and only this workspace's plans", async () => {
    const inbox = pipelines[1];
    if (!inbox) throw new Error("no second pipeline");
    const ids: string[] = [];
    for (const title of ["Epic", "Child A", "Child B", "Blocker"]) {
      const { issue } = field<{ issue: { id: string } }>(
        await create(owner, { title, pipelineId: inbox.id }),
        "createIssue",
      );
      ids.push(decodeGlobalID(issue.id).id);
    }
    const [epic = "", childA = "", childB = "", blocker = ""] = ids;
    const seed = issueFieldSeeder(t.database.db, workspaceDbId);
    const [high] = await seed.priorities([
      { name: "High", color: "#d1242f" },
      { name: "Low", color: "#8c959f" },
    ]);
    await seed.prioritise(high?.id ?? "", [childA]);
    await seed.sprint("Sprint 12", [childA]);
    await seed.release("v2.0", [childA]);
    await seed.gantryEpic("Onboarding", [childA]);
    await seed.gitHubEpic(epic, [childA]);
    await seed.parent(epic, [childA, childB]);
    await seed.estimate([childA], 3);
    await seed.estimate([childB], 1.5);
    await seed.issueType([childA], "Bug");
    await seed.blocks(blocker, childA);
    await t.database.db.update(schema.issues).set({ state: "closed" }).where(eq(schema.issues.id, childB));
    // Another workspace's plans for the same issue stay there.
    const elsewhere = await createWorkspace(t, owner, await createOrganization(t, owner));
    await issueFieldSeeder(t.database.db, decodeGlobalID(elsewhere).id).sprint("Their sprint", [childA]);

    const cards = await column(inbox.id);
    const byTitle = (title: string) => cards.find((card) => card.title === title);
    expect(byTitle("Child A")).toMatchObject({
      estimate: { value: 3 },
      issueType: { name: "Bug" },
      parentIssue: { number: byTitle("Epic")?.number },
      parentEpics: { nodes: [{ issue: { number: byTitle("Epic")?.number } }] },
      parentGantryEpics: { nodes: [{ title: "Onboarding" }] },
      sprints: { nodes: [{ name: "Sprint 12" }] },
      releases: { nodes: [{ title: "v2.0" }] },
      blockingIssues: { nodes: [{ number: byTitle("Blocker")?.number }] },
      pipelineIssue: { pipeline: { name: inbox.name }, priority: { name: "High", color: "#d1242f" } },
    });
    expect(byTitle("Blocker")?.blockedIssues.nodes).toEqual([{ number: byTitle("Child A")?.number }]);
    expect(byTitle("Epic")).toMatchObject({
      issueCountProgress: { open: 1, closed: 1, total: 2 },
      issueEstimateProgress: { open: 3, closed: 1.5, total: 4.5 },
    });
    expect(byTitle("Blocker")).toMatchObject({
      issueCountProgress: null,
      estimate: null,
      pipelineIssue: { priority: null },
    });

    const priorities = await gql(
      t,
      viewer.token,
      "query ($id: ID!) { workspace(id: $id) { prioritiesConnection { totalCount nodes { name color } } } }",
      { id: workspace },
    );
    expect(field<{ prioritiesConnection: unknown }>(priorities, "workspace").prioritiesConnection).toEqual({
      totalCount: 2,
      nodes: [
        { name: "High", color: "#d1242f" },
        { name: "Low", color: "#8c959f" },
      ],
    });
  });

  it("shows a card's plans from every workspace the reader may open, and from no other", async () => {
    const inbox = pipelines[1];
    if (!inbox) throw new Error("no second pipeline");
    const { issue } = field<{ issue: { id: string } }>(
      await create(owner, { title: "Planned twice", pipelineId: inbox.id }),
      "createIssue",
    );
    const issueId = decodeGlobalID(issue.id).id;
    await issueFieldSeeder(t.database.db, workspaceDbId).sprint("Our sprint", [issueId]);
    // The owner's other organisation, which the viewer is not part of.
    const elsewhere = await createWorkspace(t, owner, await createOrganization(t, owner));
    await issueFieldSeeder(t.database.db, decodeGlobalID(elsewhere).id).sprint("Their sprint", [issueId]);
    const sprintsOnCard = async (user: TestUser) => {
      const page = field<{ nodes: { title: string; sprints: { nodes: { name: string }[] } }[] }>(
        await gql(
          t,
          user.token,
          `query ($p: ID!) { searchIssuesByPipeline(pipelineId: $p, first: 100) { nodes { title sprints { nodes { name } } } } }`,
          { p: inbox.id },
        ),
        "searchIssuesByPipeline",
      );
      const card = page.nodes.find((node) => node.title === "Planned twice");
      return card?.sprints.nodes.map((sprint) => sprint.name).sort();
    };
    expect(await sprintsOnCard(owner)).toEqual(["Our sprint", "Their sprint"]);
    expect(await sprintsOnCard(viewer)).toEqual(["Our sprint"]);
  });

  it("reads a page of cards in the same number of queries however many cards it has", async () => {
    const crowded = pipelines[3];
    if (!crowded) throw new Error("no fourth pipeline");
    for (let index = 0; index < 40; index++) await create(owner, { title: `Card ${index}`, pipelineId: crowded.id });
    const counted = (read: () => Promise<void>) => countQueries(t.database.db, read);
    const queriesFor = (first: number) =>
      counted(async () => {
        expect(await column(crowded.id, first)).toHaveLength(first);
      });
    const few = await queriesFor(2);
    const many = await queriesFor(40);
    expect(many).toBe(few);
    // The session, the pipeline with what its cards need once (access, visible workspaces, sprint
    // config), and the page with its cards' relations and repositories (B1, issue #14).
    expect(few).toBe(3);

    // The board asks for first pages together: their pipelines are read together. The other page is
    // one no earlier test filled, as cards whose parents are elsewhere read those parents too.
    const inbox = pipelines[4];
    if (!inbox) throw new Error("no fifth pipeline");
    const twoPages = await counted(async () => {
      const answer = await gql(
        t,
        owner.token,
        `query ($a: ID!, $b: ID!, $workspaceId: ID!) {
          a: searchIssuesByPipeline(pipelineId: $a, first: 5) { nodes { ${CARD_FIELDS} } }
          b: searchIssuesByPipeline(pipelineId: $b, first: 5) { nodes { ${CARD_FIELDS} } } }`,
        { a: crowded.id, b: inbox.id, workspaceId: workspace },
      );
      expect(answer.errors).toBeUndefined();
      expect(field<{ nodes: unknown[] }>(answer, "a").nodes).toHaveLength(5);
    });
    expect(twoPages).toBe(4);
  });
});
