import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";

const OPTIONS = `query ($w: ID!, $q: String) {
  workspace(id: $w) {
    issueLabelOptions(query: $q) { totalCount nodes { name color } }
    assignees(query: $q) { nodes { login avatarUrl } }
    authors(query: $q) { nodes { login } }
    milestoneFilterOptions(query: $q) { nodes { title } }
    issueTypeOptions(query: $q) { nodes { name } }
    sprints(query: $q) { nodes { id name state } }
    releases(query: $q) { nodes { title state } }
    gantryEpics(query: $q) { nodes { title } }
    epics(query: $q) { nodes { id title } }
  }
}`;

interface Options {
  issueLabelOptions: { totalCount: number; nodes: { name: string; color: string }[] };
  assignees: { nodes: { login: string; avatarUrl: string | null }[] };
  authors: { nodes: { login: string }[] };
  milestoneFilterOptions: { nodes: { title: string }[] };
  issueTypeOptions: { nodes: { name: string }[] };
  sprints: { nodes: { id: string; name: string; state: string }[] };
  releases: { nodes: { title: string; state: string }[] };
  gantryEpics: { nodes: { title: string }[] };
  epics: { nodes: { id: string; title: string }[] };
}

const user = (login: string) => ({ login, avatarUrl: `https://avatars.test/${login}` });
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe.each(testEngines())("board filter options on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let workspace: string;
  let otherWorkspace: string;

  /** A workspace's native repository with issues carrying the given fields, inserted directly. */
  async function seedIssues(workspaceGlobalId: string, rows: Partial<typeof schema.issues.$inferInsert>[]) {
    const workspaceId = decodeGlobalID(workspaceGlobalId).id;
    const db = t.database.db;
    const [repository] = await db
      .insert(schema.repositories)
      .values({ nativeWorkspaceId: workspaceId, ownerLogin: "acme", name: "native", htmlUrl: "https://gantry.test" })
      .returning();
    if (!repository) throw new Error("no repository");
    await db.insert(schema.workspaceRepositories).values({ workspaceId, repositoryId: repository.id });
    return db
      .insert(schema.issues)
      .values(
        rows.map((row, index) => ({
          repositoryId: repository.id,
          number: index + 1,
          title: `Issue ${index + 1}`,
          state: "open" as const,
          ghCreatedAt: day(1),
          ghUpdatedAt: day(1),
          ...row,
        })),
      )
      .returning();
  }

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine });
    owner = await signUpUser(t, "owner");
    outsider = await signUpUser(t, "outsider");
    const organization = await createOrganization(t, owner);
    workspace = await createWorkspace(t, owner, organization);
    otherWorkspace = await createWorkspace(t, owner, organization);

    const workspaceId = decodeGlobalID(workspace).id;
    const [epic] = await seedIssues(workspace, [
      {
        title: "Checkout epic",
        isEpic: true,
        labels: [
          { name: "bug", color: "d73a4a" },
          { name: "UI", color: "0075ca" },
        ],
        assignees: [user("mona"), user("hubot")],
        author: user("octocat"),
        milestone: { number: 1, title: "v1.0" },
        issueType: "Feature",
      },
      {
        labels: [
          { name: "Bug", color: "ffffff" },
          { name: "50%_done", color: "cccccc" },
        ],
        assignees: [user("mona")],
        author: user("mona"),
        milestone: { number: 2, title: "v2.0" },
        issueType: "Bug",
      },
      { state: "closed", labels: [{ name: "wontfix", color: "ffffff" }], author: null },
    ]);
    if (!epic) throw new Error("no epic");
    await seedIssues(otherWorkspace, [{ labels: [{ name: "elsewhere", color: "000000" }], author: user("stranger") }]);
    const db = t.database.db;
    await db.insert(schema.sprints).values([
      { workspaceId, name: "Sprint 1", startAt: day(1), endAt: day(14), state: "CLOSED" },
      { workspaceId, name: "Sprint 2", startAt: day(15), endAt: day(28), state: "CLOSED" },
      { workspaceId, name: "Sprint 4", startAt: day(43), endAt: day(56) },
      { workspaceId, name: "Sprint 3", startAt: day(29), endAt: day(42) },
    ]);
    await db.insert(schema.releases).values([
      { workspaceId, title: "Spring launch", state: "CLOSED" },
      { workspaceId, title: "autumn launch" },
      { workspaceId: decodeGlobalID(otherWorkspace).id, title: "Not this one" },
    ]);
    await db.insert(schema.gantryEpics).values([{ workspaceId, title: "Payments" }]);
  });
  afterAll(() => t.close());

  const options = async (query?: string) =>
    field<Options>(await gql(t, owner.token, OPTIONS, { w: workspace, q: query ?? null }), "workspace");

  it("offers what the workspace's issues carry, one per name, and its own sprints, releases and epics", async () => {
    const all = await options();
    expect(all.issueLabelOptions.nodes.map((label) => label.name)).toEqual(["50%_done", "Bug", "UI", "wontfix"]);
    expect(all.issueLabelOptions.totalCount).toBe(4);
    expect(all.assignees.nodes).toEqual([user("hubot"), user("mona")]);
    expect(all.authors.nodes.map((author) => author.login)).toEqual(["mona", "octocat"]);
    expect(all.milestoneFilterOptions.nodes.map((milestone) => milestone.title)).toEqual(["v1.0", "v2.0"]);
    expect(all.issueTypeOptions.nodes.map((type) => type.name)).toEqual(["Bug", "Feature"]);
    // SPEC §4: open sprints first, then closed ones in reverse order.
    expect(all.sprints.nodes.map((sprint) => [sprint.name, sprint.state])).toEqual([
      ["Sprint 3", "OPEN"],
      ["Sprint 4", "OPEN"],
      ["Sprint 2", "CLOSED"],
      ["Sprint 1", "CLOSED"],
    ]);
    expect(decodeGlobalID(all.sprints.nodes[0]?.id ?? "").typename).toBe("Sprint");
    expect(all.releases.nodes).toEqual([
      { title: "autumn launch", state: "OPEN" },
      { title: "Spring launch", state: "CLOSED" },
    ]);
    expect(all.gantryEpics.nodes).toEqual([{ title: "Payments" }]);
    expect(all.epics.nodes.map((epic) => epic.title)).toEqual(["Checkout epic"]);
  });

  it("keeps the options containing the typed text, in any case, with % and _ as plain characters", async () => {
    const found = await options("%_D");
    expect(found.issueLabelOptions.nodes.map((label) => label.name)).toEqual(["50%_done"]);
    const mona = await options("MON");
    expect(mona.assignees.nodes.map((person) => person.login)).toEqual(["mona"]);
    expect(mona.authors.nodes.map((person) => person.login)).toEqual(["mona"]);
    expect((await options("launch")).releases.nodes).toHaveLength(2);
    expect((await options("sprint 4")).sprints.nodes.map((sprint) => sprint.name)).toEqual(["Sprint 4"]);
  });

  it("is only for people who can read the workspace", async () => {
    const signedOut = await gql(t, null, OPTIONS, { w: workspace });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const stranger = await gql(t, outsider.token, OPTIONS, { w: workspace });
    expect(stranger.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(stranger.data?.workspace ?? null).toBeNull();
  });
});
