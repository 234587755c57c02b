import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { addMember, field, gantryRepositoryOf, gql, type TestUser } from "../testing/factories.js";

const CREATE = `mutation ($r: ID!, $a: [String!]) { createIssue(input: { repositoryId: $r, title: "Assigned", assignees: $a }) { issue { id number assignees { login avatarUrl } } } }`;
const ADD = `mutation ($ids: [ID!]!, $a: [String!]!) { addAssigneesToIssues(input: { issueIds: $ids, assigneeLogins: $a }) { successCount githubErrors } }`;
const ASSIGNEES = `query ($id: ID!) { node(id: $id) { ... on Issue { assignees { login } } } }`;
const ASSIGNABLE = `query ($id: ID!, $q: String) { node(id: $id) { ... on Issue { repository { assignableUsers(query: $q) { nodes { login } } } } } }`;

const NOT_A_MEMBER = (login: string) =>
  `${login} is not a member of this workspace; issues are assigned to members who connected GitHub.`;

describe.each(testEngines())("assignees of native issues are the workspace's members, on %s", (engine) => {
  let board: BoardFixture;
  let hubot: TestUser;
  let gantryRepository: string;
  let webAppIssue: string;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    await board.joinWorkspace("mona", "editor");
    hubot = await board.signIn("hubot");
    gantryRepository = await gantryRepositoryOf(board.t, board.demo.token, board.workspace);
    webAppIssue = await board.webAppIssue(1);
  });
  afterAll(() => board.close());

  const nativeCount = async () =>
    (
      await board.t.database.db
        .select()
        .from(schema.issues)
        .where(eq(schema.issues.repositoryId, decodeGlobalID(gantryRepository).id))
    ).length;
  const assigneesOf = async (id: string) =>
    field<{ assignees: { login: string }[] }>(
      await gql(board.t, board.demo.token, ASSIGNEES, { id }),
      "node",
    ).assignees.map((user) => user.login);
  const assignable = async (id: string, q?: string) =>
    field<{ repository: { assignableUsers: { nodes: { login: string }[] } } }>(
      await gql(board.t, board.demo.token, ASSIGNABLE, { id, q: q ?? null }),
      "node",
    ).repository.assignableUsers.nodes.map((user) => user.login);

  it("refuses to create a native issue for someone outside the workspace, and creates nothing", async () => {
    const before = await nativeCount();
    const answer = await gql(board.t, board.demo.token, CREATE, { r: gantryRepository, a: ["mona", "hubot"] });
    expect(answer.errors?.[0]).toMatchObject({
      message: NOT_A_MEMBER("hubot"),
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await nativeCount()).toBe(before);
  });

  it("assigns a member by their GitHub login, as GitHub spells it, with their avatar", async () => {
    const { issue } = field<{ issue: { assignees: { login: string; avatarUrl: string | null }[] } }>(
      await gql(board.t, board.demo.token, CREATE, { r: gantryRepository, a: ["MONA"] }),
      "createIssue",
    );
    expect(issue.assignees).toEqual([{ login: "mona", avatarUrl: expect.stringContaining("http") }]);
  });

  it("refuses to add a non-member to a native issue, and keeps an assignee who has since left", async () => {
    const { issue } = field<{ issue: { id: string } }>(
      await gql(board.t, board.demo.token, CREATE, { r: gantryRepository, a: [] }),
      "createIssue",
    );
    const refused = field<{ successCount: number; githubErrors: Record<string, string> }>(
      await gql(board.t, board.demo.token, ADD, { ids: [issue.id], a: ["hubot"] }),
      "addAssigneesToIssues",
    );
    expect(refused).toEqual({ successCount: 0, githubErrors: { [issue.id]: NOT_A_MEMBER("hubot") } });
    expect(await assigneesOf(issue.id)).toEqual([]);

    await addMember(board.t, board.organization, hubot, "member");
    await gql(board.t, board.demo.token, ADD, { ids: [issue.id], a: ["hubot"] });
    expect(await assigneesOf(issue.id)).toEqual(["hubot"]);

    // hubot leaves the organisation: still assigned, and the issue can take more people.
    await board.t.database.db
      .delete(schema.organizationMembers)
      .where(
        and(
          eq(schema.organizationMembers.userId, hubot.userId),
          eq(schema.organizationMembers.organizationId, decodeGlobalID(board.organization).id),
        ),
      );
    const added = field<{ successCount: number }>(
      await gql(board.t, board.demo.token, ADD, { ids: [issue.id], a: ["mona"] }),
      "addAssigneesToIssues",
    );
    expect(added.successCount).toBe(1);
    expect(await assigneesOf(issue.id)).toEqual(["hubot", "mona"]);
  });

  it("offers a native issue the workspace's members, and a GitHub issue GitHub's assignable users", async () => {
    const { issue } = field<{ issue: { id: string } }>(
      await gql(board.t, board.demo.token, CREATE, { r: gantryRepository, a: [] }),
      "createIssue",
    );
    expect(await assignable(issue.id)).toEqual(["demo", "mona"]);
    expect(await assignable(issue.id, "MON")).toEqual(["mona"]);
    expect(await assignable(webAppIssue)).toEqual(expect.arrayContaining(["demo"]));
    expect(await assignable(webAppIssue, "zzz")).toEqual([]);
  });
});
