import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { emptyFilters } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gql, type TestUser } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const VIEW = "id name filters isShared viewerIsCreator viewerCanEdit";
const CREATE = `mutation ($input: CreateSavedViewInput!) { createSavedView(input: $input) { savedView { ${VIEW} } } }`;
const UPDATE = `mutation ($input: UpdateSavedViewInput!) { updateSavedView(input: $input) { savedView { ${VIEW} } } }`;
const DELETE = `mutation ($input: DeleteSavedViewInput!) { deleteSavedView(input: $input) { savedView { id name } } }`;
const LIST = `query ($w: ID!, $q: String) { workspace(id: $w) { savedViews(query: $q) { totalCount nodes { ${VIEW} } } } }`;

interface View {
  id: string;
  name: string;
  filters: unknown;
  isShared: boolean;
  viewerIsCreator: boolean;
  viewerCanEdit: boolean;
}

const bugs = () => {
  const filters = emptyFilters("checkout not:flaky");
  filters.labels.in.push("bug");
  filters.sprints.settings.push("current_sprint");
  return { filters, filterLogic: "any" };
};

describe.each(testEngines())("saved views on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let workspace: string;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { member: "member", reader: "viewer", outsider: "outsider" });
    ({ owner, workspace } = team);
    ({ member, reader, outsider } = team.people);
  });
  afterAll(() => t.close());

  const create = async (user: TestUser, name: string, isShared = false, filters: unknown = bugs()) =>
    gql(t, user.token, CREATE, { input: { workspaceId: workspace, name, filters, isShared } });
  const created = async (user: TestUser, name: string, isShared = false) =>
    field<{ savedView: View }>(await create(user, name, isShared), "createSavedView").savedView;
  const list = async (user: TestUser, query?: string) =>
    field<{ savedViews: { totalCount: number; nodes: View[] } }>(
      await gql(t, user.token, LIST, { w: workspace, q: query ?? null }),
      "workspace",
    ).savedViews.nodes;

  it("refuses the signed out", async () => {
    expect(
      errorOf(await gql(t, null, CREATE, { input: { workspaceId: workspace, name: "x", filters: bugs() } })).code,
    ).toBe("UNAUTHENTICATED");
  });

  it("checks the name and the filters, and writes nothing for bad input", async () => {
    expect(errorOf(await create(member, "   "))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Give the saved view a name.",
    });
    expect(errorOf(await create(member, "x".repeat(81)))).toEqual({
      code: "BAD_USER_INPUT",
      message: "A saved view's name can be at most 80 characters.",
    });
    const badFilters = { filters: { ...emptyFilters(), labels: { in: "bug", nin: [] } }, filterLogic: "all" };
    const refused = await create(member, "Broken", false, badFilters);
    expect(errorOf(refused).code).toBe("BAD_USER_INPUT");
    expect(errorOf(refused).message).toMatch(/^The saved view's filters are not valid at filters\.labels\.in: /);
    expect(refused.errors?.[0]?.extensions?.field).toBe("filters");
    const rows = await t.database.db.select().from(schema.savedViews).where(eq(schema.savedViews.name, "Broken"));
    expect(rows).toEqual([]);
  });

  it("is only for people who can read the workspace", async () => {
    expect(errorOf(await create(outsider, "Mine")).code).toBe("FORBIDDEN");
  });

  it("keeps a view private to its creator until it is shared, and lists views by name", async () => {
    const view = await created(member, "  Bugs this sprint ");
    expect(view).toMatchObject({ name: "Bugs this sprint", filters: bugs(), isShared: false, viewerCanEdit: true });
    expect((await list(member)).map((seen) => seen.name)).toContain("Bugs this sprint");
    expect((await list(owner)).map((seen) => seen.id)).not.toContain(view.id);
    // A viewer saves their own views too.
    const readers = await created(reader, "a reader's view");
    expect((await list(reader)).map((seen) => seen.id)).toContain(readers.id);

    const shared = field<{ savedView: View }>(
      await gql(t, member.token, UPDATE, { input: { savedViewId: view.id, isShared: true } }),
      "updateSavedView",
    ).savedView;
    expect(shared.isShared).toBe(true);
    const seenByOwner = (await list(owner)).find((seen) => seen.id === view.id);
    expect(seenByOwner).toMatchObject({ viewerIsCreator: false, viewerCanEdit: true });
    const seenByReader = (await list(reader)).find((seen) => seen.id === view.id);
    expect(seenByReader).toMatchObject({ viewerIsCreator: false, viewerCanEdit: false });
    expect((await list(member, "SPRINT")).map((seen) => seen.name)).toEqual(["Bugs this sprint"]);
  });

  it("lets only the creator, or a workspace admin for a shared view, change or delete it", async () => {
    const privateView = await created(member, "Private");
    const sharedView = await created(member, "Team", true);
    const rename = (user: TestUser, id: string) =>
      gql(t, user.token, UPDATE, { input: { savedViewId: id, name: "Renamed", filters: bugs() } });

    expect(errorOf(await rename(owner, privateView.id))).toEqual({
      code: "NOT_FOUND",
      message: "This saved view does not exist.",
    });
    expect(errorOf(await rename(reader, sharedView.id))).toEqual({
      code: "FORBIDDEN",
      message: "Only the person who saved this view or a workspace admin can change it.",
    });
    expect(errorOf(await gql(t, reader.token, DELETE, { input: { savedViewId: sharedView.id } })).code).toBe(
      "FORBIDDEN",
    );
    expect(errorOf(await rename(outsider, sharedView.id)).code).toBe("FORBIDDEN");

    const byAdmin = field<{ savedView: View }>(await rename(owner, sharedView.id), "updateSavedView").savedView;
    expect(byAdmin).toMatchObject({ name: "Renamed", isShared: true });
    const emptied = { filters: emptyFilters(), filterLogic: "all" };
    const byCreator = field<{ savedView: View }>(
      await gql(t, member.token, UPDATE, { input: { savedViewId: privateView.id, filters: emptied } }),
      "updateSavedView",
    ).savedView;
    expect(byCreator).toMatchObject({ name: "Private", filters: emptied });

    const deleted = await gql(t, owner.token, DELETE, { input: { savedViewId: sharedView.id } });
    expect(field<{ savedView: { name: string } }>(deleted, "deleteSavedView").savedView.name).toBe("Renamed");
    expect((await list(member)).map((seen) => seen.id)).not.toContain(sharedView.id);
    expect(errorOf(await gql(t, member.token, DELETE, { input: { savedViewId: sharedView.id } })).code).toBe(
      "NOT_FOUND",
    );
  });

  it("refuses ids that are not a saved view's", async () => {
    const answer = await gql(t, member.token, DELETE, { input: { savedViewId: workspace } });
    expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: "Expected the id of a SavedView." });
  });
});
