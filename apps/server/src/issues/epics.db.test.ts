import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gql } from "../testing/factories.js";
import { createSignUpTestApp } from "../testing/team.js";
import { issueAt, type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const EPIC_FIELDS = `id title body startOn endOn
  gantryIssueCountProgress { open closed total } gantryIssueEstimateProgress { open closed total }
  childIssues { nodes { number } }`;
const CREATE = `mutation ($workspaceId: ID!, $title: String!, $body: String) {
  createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title, body: $body } }) { gantryEpic { ${EPIC_FIELDS} } }
}`;
const UPDATE = `mutation ($id: ID!, $title: String, $body: String) {
  updateGantryEpic(input: { gantryEpicId: $id, title: $title, body: $body }) { gantryEpic { title body } }
}`;
const DATES = `mutation ($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateGantryEpicDates(input: { gantryEpicId: $id, startOn: $startOn, endOn: $endOn }) { gantryEpic { startOn endOn } }
}`;
const DELETE = "mutation ($id: ID!) { deleteGantryEpic(input: { gantryEpicId: $id }) { gantryEpicId } }";
const ADD_TO_GANTRY_EPICS = `mutation ($issueIds: [ID!]!, $ids: [ID!]!) {
  addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { successCount }
}`;
const LIST = `query ($id: ID!, $query: String) { workspace(id: $id) { gantryEpics(query: $query) { totalCount nodes { ${EPIC_FIELDS} } } } }`;
const EPIC_FROM_ISSUE = `mutation ($issueId: ID!, $children: [ID!]) {
  createEpicFromIssue(input: { issueId: $issueId, epicChildIds: $children }) {
    epic { id issue { number } issueCountProgress { open closed total } issueEstimateProgress { closed total } childIssues { nodes { number } } }
  }
}`;
const epicIssuesMutation = (name: string) => `mutation ($issueIds: [ID!]!, $epicIds: [ID!]!) {
  ${name}(input: { issueIds: $issueIds, epicIds: $epicIds }) {
    successCount failedIssues { id } githubErrors epics { issue { number } issueCountProgress { total } }
  }
}`;
const ADD_TO_EPICS = epicIssuesMutation("addIssuesToEpics");
const REMOVE_FROM_EPICS = epicIssuesMutation("removeIssuesFromEpics");
const WORKSPACE_EPICS = "query ($id: ID!) { workspace(id: $id) { epics { nodes { number } } } }";

interface EpicRead {
  id: string;
  title: string;
  body: string;
  startOn: string | null;
  endOn: string | null;
  gantryIssueCountProgress: { open: number; closed: number; total: number };
  gantryIssueEstimateProgress: { open: number; closed: number; total: number };
  childIssues: { nodes: { number: number }[] };
}

describe.each(testEngines())("GitHub and Gantry epics on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    w = await workspaceWithIssues(t, { native: 3, gitHub: 4 });
  });
  afterAll(async () => {
    await t.close();
  });

  const setIssues = (ids: string[], values: Partial<typeof schema.issues.$inferInsert>) =>
    t.database.db
      .update(schema.issues)
      .set(values)
      .where(
        inArray(
          schema.issues.id,
          ids.map((id) => decodeGlobalID(id).id),
        ),
      );
  const list = async (query?: string) =>
    field<{ gantryEpics: { totalCount: number; nodes: EpicRead[] } }>(
      await gql(t, w.viewer.token, LIST, { id: w.workspace, query }),
      "workspace",
    ).gantryEpics;

  it("creates, edits, dates and deletes Gantry epics, for editors only", async () => {
    expect(errorOf(await gql(t, w.owner.token, CREATE, { workspaceId: w.workspace, title: "  " }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An epic needs a title.",
    });
    expect(errorOf(await gql(t, w.viewer.token, CREATE, { workspaceId: w.workspace, title: "Sneaky" }))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(errorOf(await gql(t, w.outsider.token, CREATE, { workspaceId: w.workspace, title: "Sneaky" })).code).toBe(
      "FORBIDDEN",
    );
    const created = field<{ gantryEpic: EpicRead }>(
      await gql(t, w.owner.token, CREATE, { workspaceId: w.workspace, title: " Onboarding ", body: "First steps" }),
      "createGantryEpic",
    ).gantryEpic;
    expect(created).toMatchObject({
      title: "Onboarding",
      body: "First steps",
      startOn: null,
      gantryIssueCountProgress: { open: 0, closed: 0, total: 0 },
      childIssues: { nodes: [] },
    });
    const id = created.id;
    expect(errorOf(await gql(t, w.viewer.token, UPDATE, { id, title: "Mine" })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.outsider.token, UPDATE, { id, title: "Mine" }))).toEqual({
      code: "NOT_FOUND",
      message: "This epic does not exist.",
    });
    expect(
      field<{ gantryEpic: unknown }>(
        await gql(t, w.owner.token, UPDATE, { id, title: "Onboarding v2" }),
        "updateGantryEpic",
      ).gantryEpic,
    ).toEqual({ title: "Onboarding v2", body: "First steps" });
    expect(errorOf(await gql(t, w.owner.token, DATES, { id, startOn: "2026-12-10", endOn: "2026-12-01" }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An epic cannot end before it starts.",
    });
    expect(errorOf(await gql(t, w.owner.token, DATES, { id, startOn: "10/12/2026" })).code).toBe("BAD_USER_INPUT");
    expect(
      field<{ gantryEpic: unknown }>(
        await gql(t, w.owner.token, DATES, { id, startOn: "2026-12-01", endOn: "2026-12-19" }),
        "updateGantryEpicDates",
      ).gantryEpic,
    ).toEqual({ startOn: "2026-12-01", endOn: "2026-12-19" });
    // Leaving a date out keeps it; null clears it.
    expect(
      field<{ gantryEpic: unknown }>(await gql(t, w.owner.token, DATES, { id, endOn: null }), "updateGantryEpicDates")
        .gantryEpic,
    ).toEqual({ startOn: "2026-12-01", endOn: null });

    const STATE = `mutation ($id: ID!, $state: GantryEpicState!) {
      updateGantryEpicState(input: { gantryEpicId: $id, state: $state }) { gantryEpic { state title } }
    }`;
    expect(errorOf(await gql(t, w.viewer.token, STATE, { id, state: "CLOSED" })).code).toBe("FORBIDDEN");
    expect(
      field<{ gantryEpic: unknown }>(
        await gql(t, w.owner.token, STATE, { id, state: "CLOSED" }),
        "updateGantryEpicState",
      ).gantryEpic,
    ).toEqual({ state: "CLOSED", title: "Onboarding v2" });
    expect(errorOf(await gql(t, w.viewer.token, DELETE, { id })).code).toBe("FORBIDDEN");
    expect(field<{ gantryEpicId: string }>(await gql(t, w.owner.token, DELETE, { id }), "deleteGantryEpic")).toEqual({
      gantryEpicId: id,
    });
    expect((await list("Onboarding")).totalCount).toBe(0);
  });

  it("lists the workspace's Gantry epics with progress by issues closed and points done", async () => {
    const create = async (title: string) =>
      field<{ gantryEpic: EpicRead }>(
        await gql(t, w.owner.token, CREATE, { workspaceId: w.workspace, title }),
        "createGantryEpic",
      ).gantryEpic.id;
    const billing = await create("Billing");
    await create("Search 100%");
    const members = [issueAt(w.native, 0), issueAt(w.gitHub, 0), issueAt(w.gitHub, 1)];
    await gql(t, w.owner.token, ADD_TO_GANTRY_EPICS, { issueIds: members, ids: [billing] });
    await setIssues([issueAt(w.native, 0)], { estimate: 5, state: "closed" });
    await setIssues([issueAt(w.gitHub, 0)], { estimate: 3 });
    const epics = await list();
    expect(epics.nodes.map((epic) => epic.title)).toEqual(["Billing", "Search 100%"]);
    expect(epics.nodes[0]).toMatchObject({
      gantryIssueCountProgress: { open: 2, closed: 1, total: 3 },
      gantryIssueEstimateProgress: { open: 3, closed: 5, total: 8 },
      childIssues: { nodes: [{ number: 1 }, { number: 101 }, { number: 102 }] },
    });
    expect((await list("100%")).nodes.map((epic) => epic.title)).toEqual(["Search 100%"]);
    expect((await list("x%")).totalCount).toBe(0);
    await setIssues(members, { estimate: null, state: "open" });
  });

  it("makes a GitHub issue an epic of issues from two repositories, with progress", async () => {
    const [epic, child, native] = [issueAt(w.gitHub, 2), issueAt(w.gitHub, 3), issueAt(w.native, 1)];
    expect(errorOf(await gql(t, w.owner.token, EPIC_FROM_ISSUE, { issueId: native }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Gantry issues cannot be GitHub epics; create a Gantry epic instead.",
    });
    expect(errorOf(await gql(t, w.owner.token, EPIC_FROM_ISSUE, { issueId: epic, children: [epic] }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An epic cannot hold itself.",
    });
    expect(errorOf(await gql(t, w.viewer.token, EPIC_FROM_ISSUE, { issueId: epic })).code).toBe("FORBIDDEN");
    const [stillIssue] = await t.database.db
      .select({ isEpic: schema.issues.isEpic })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(epic).id));
    expect(stillIssue?.isEpic).toBe(false);
    await setIssues([child], { estimate: 2, state: "closed" });
    await setIssues([native], { estimate: 1 });
    const made = field<{ epic: unknown }>(
      await gql(t, w.owner.token, EPIC_FROM_ISSUE, { issueId: epic, children: [child, native] }),
      "createEpicFromIssue",
    ).epic;
    expect(made).toMatchObject({
      issue: { number: 103 },
      issueCountProgress: { open: 1, closed: 1, total: 2 },
      issueEstimateProgress: { closed: 2, total: 3 },
      childIssues: { nodes: [{ number: 2 }, { number: 104 }] },
    });
    const onBoard = field<{ epics: { nodes: unknown[] } }>(
      await gql(t, w.viewer.token, WORKSPACE_EPICS, { id: w.workspace }),
      "workspace",
    ).epics.nodes;
    expect(onBoard).toEqual([{ number: 103 }]);
  });

  it("adds and removes issues of GitHub epics, refusing epics inside epics and leaving a viewer's in failedIssues", async () => {
    const [epicIssue, child] = [issueAt(w.gitHub, 2), issueAt(w.gitHub, 3)];
    const { epic } = field<{ epic: { id: string } }>(
      await gql(t, w.owner.token, EPIC_FROM_ISSUE, { issueId: epicIssue, children: [child, issueAt(w.native, 1)] }),
      "createEpicFromIssue",
    );
    const third = issueAt(w.native, 2);
    const added = field<{ successCount: number; epics: unknown[] }>(
      await gql(t, w.owner.token, ADD_TO_EPICS, { issueIds: [third], epicIds: [epic.id] }),
      "addIssuesToEpics",
    );
    expect(added).toMatchObject({
      successCount: 1,
      epics: [{ issue: { number: 103 }, issueCountProgress: { total: 3 } }],
    });
    expect(
      errorOf(await gql(t, w.owner.token, ADD_TO_EPICS, { issueIds: [epicIssue], epicIds: [epic.id] })).message,
    ).toBe("An epic cannot hold itself.");
    await gql(t, w.owner.token, EPIC_FROM_ISSUE, { issueId: issueAt(w.gitHub, 1) });
    expect(
      errorOf(await gql(t, w.owner.token, ADD_TO_EPICS, { issueIds: [issueAt(w.gitHub, 1)], epicIds: [epic.id] }))
        .message,
    ).toBe("#102 is an epic; epics cannot hold other epics.");
    const notEpic = encodeGlobalID("Epic", decodeGlobalID(third).id);
    expect(errorOf(await gql(t, w.owner.token, ADD_TO_EPICS, { issueIds: [child], epicIds: [notEpic] }))).toEqual({
      code: "NOT_FOUND",
      message: "This epic does not exist.",
    });
    expect(
      field<{ failedIssues: { id: string }[]; githubErrors: Record<string, string> }>(
        await gql(t, w.viewer.token, REMOVE_FROM_EPICS, { issueIds: [third], epicIds: [epic.id] }),
        "removeIssuesFromEpics",
      ),
    ).toMatchObject({ failedIssues: [{ id: third }], githubErrors: { [third]: "You cannot edit this issue." } });
    expect(
      errorOf(await gql(t, w.outsider.token, REMOVE_FROM_EPICS, { issueIds: [third], epicIds: [epic.id] })).code,
    ).toBe("NOT_FOUND");
    const removed = field<{ successCount: number; epics: unknown[] }>(
      await gql(t, w.owner.token, REMOVE_FROM_EPICS, { issueIds: [third, child], epicIds: [epic.id] }),
      "removeIssuesFromEpics",
    );
    expect(removed).toMatchObject({ successCount: 2, epics: [{ issueCountProgress: { total: 1 } }] });
    const timeline = await t.database.db
      .select({ field: schema.issueEvents.field, from: schema.issueEvents.fromValue, to: schema.issueEvents.toValue })
      .from(schema.issueEvents)
      .where(eq(schema.issueEvents.issueId, decodeGlobalID(third).id));
    expect(timeline).toEqual([
      { field: "epic", from: null, to: "#103 GitHub 3" },
      { field: "epic", from: "#103 GitHub 3", to: null },
    ]);
  });
});
