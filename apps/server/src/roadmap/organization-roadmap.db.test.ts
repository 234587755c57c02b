import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { createSignUpTestApp, organizationTeam } from "../testing/team.js";

const ROADMAP = `query ($id: ID!, $workspaceIds: [ID!], $types: [RoadmapItemType!]) {
  node(id: $id) { ... on GantryOrganization {
    roadmapItems(workspaceIds: $workspaceIds, types: $types) { nodes {
      __typename
      ... on GantryEpic { title startOn workspace { id name viewerPermission } }
      ... on Release { title startOn workspace { id name viewerPermission } }
    } }
  } }
}`;
const CREATE_EPIC = `mutation ($workspaceId: ID!, $title: String!) {
  createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title } }) { gantryEpic { id } }
}`;
const CREATE_RELEASE = `mutation ($workspaceId: ID!, $title: String!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  createRelease(input: { workspaceId: $workspaceId, release: { title: $title, startOn: $startOn, endOn: $endOn } }) { release { id } }
}`;

interface Item {
  __typename: string;
  title: string;
  startOn: string | null;
  workspace: { id: string; name: string; viewerPermission: string };
}

describe.each(testEngines())("the organisation's roadmap on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let organization: string;
  let web: string;
  let api: string;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await organizationTeam(t, { member: "member" });
    ({ owner, organization } = team);
    member = team.people.member;
    web = await createWorkspace(t, owner, organization);
    api = await createWorkspace(t, owner, organization);
    const secret = await createWorkspace(t, owner, organization, true);
    const elsewhere = await createWorkspace(t, owner, await createOrganization(t, owner));
    for (const [workspaceId, title] of [
      [web, "Checkout"],
      [api, "Rate limits"],
      [secret, "Acquisition"],
      [elsewhere, "Other organisation"],
    ] as const) {
      await gql(t, owner.token, CREATE_EPIC, { workspaceId, title });
    }
    await gql(t, owner.token, CREATE_RELEASE, {
      workspaceId: api,
      title: "v2",
      startOn: "2026-11-01",
      endOn: "2026-12-20",
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (user: TestUser, variables: Record<string, unknown> = {}) =>
    field<{ roadmapItems: { nodes: Item[] } }>(
      await gql(t, user.token, ROADMAP, { id: organization, ...variables }),
      "node",
    ).roadmapItems.nodes.map((item) => [
      item.__typename,
      item.title,
      item.workspace.id,
      item.workspace.viewerPermission,
    ]);

  it("holds the epics and releases of every workspace of the organisation the viewer may open, each naming its workspace", async () => {
    expect(await read(owner)).toEqual([
      ["Release", "v2", api, "ADMIN"],
      ["GantryEpic", "Acquisition", expect.any(String), "ADMIN"],
      ["GantryEpic", "Checkout", web, "ADMIN"],
      ["GantryEpic", "Rate limits", api, "ADMIN"],
    ]);
    // A member does not see the private workspace's epic, nor anything of another organisation.
    const seen = await read(member);
    expect(seen.map(([, title]) => title)).toEqual(["v2", "Checkout", "Rate limits"]);
  });

  it("narrows to the chosen workspaces and kinds, and ignores workspaces the viewer cannot open", async () => {
    expect((await read(owner, { workspaceIds: [web] })).map(([, title]) => title)).toEqual(["Checkout"]);
    expect((await read(owner, { workspaceIds: [api], types: ["RELEASE"] })).map(([, title]) => title)).toEqual(["v2"]);
    const secretOnly = await read(owner, {});
    const secretId = secretOnly.find(([, title]) => title === "Acquisition")?.[2];
    expect(await read(member, { workspaceIds: [secretId] })).toEqual([]);
  });

  it("is not there for someone outside the organisation", async () => {
    const stranger = await signUpUser(t, "stranger");
    const answer = await gql(t, stranger.token, ROADMAP, { id: organization });
    expect(answer.data?.node).toBeNull();
  });
});
