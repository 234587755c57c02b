import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { Octokit } from "@octokit/rest";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { upsertIssues } from "../codehost/issue-sync.js";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { errorOf, field, gantryRepositoryOf, gql, type TestUser } from "../testing/factories.js";

const UPDATE = `mutation ($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { id title body } } }`;
const ISSUE = (fields: string) =>
  `query ($r: ID, $g: Int, $n: Int!) { issueByInfo(repositoryId: $r, repositoryGhId: $g, issueNumber: $n) { ${fields} } }`;
const TIMELINE = ISSUE(`title state labels { name } assignees { login }
  timelineItems(first: 100) { totalCount nodes { key field from to source actor } }`);
const COMMENTS = ISSUE(
  "comments(first: 50) { totalCount nodes { id body author { name login } viewerCanEdit lastEditedAt } }",
);
type Locator = { r?: string; g?: number; n: number };
const CREATE_COMMENT = `mutation ($id: ID!, $body: String!) { createComment(input: { commentableId: $id, body: $body }) { comment { id body author { name } } } }`;
const UPDATE_COMMENT = `mutation ($id: ID!, $body: String!) { updateComment(input: { commentId: $id, body: $body }) { comment { body lastEditedAt } } }`;
const DELETE_COMMENT = `mutation ($id: ID!) { deleteComment(input: { commentId: $id }) { deleted } }`;
const BULK = (name: string, args: string) =>
  `mutation ($ids: [ID!]!) { ${name}(input: { issueIds: $ids ${args} }) { successCount githubErrors } }`;

interface Timeline {
  title: string;
  state: string;
  labels: { name: string }[];
  assignees: { login: string }[];
  timelineItems: {
    totalCount: number;
    nodes: { key: string; field: string; from: string | null; to: string | null; source: string; actor: string }[];
  };
}
interface Comments {
  comments: {
    totalCount: number;
    nodes: { id: string; body: string; author: { name: string; login: string | null }; viewerCanEdit: boolean }[];
  };
}

describe.each(testEngines())("editing issues, comments and the activity timeline on %s", (engine) => {
  let board: BoardFixture;
  let editor: TestUser;
  let reader: TestUser;
  let nativeId: string;
  let githubId: string;
  let native: Locator;
  let github: Locator;
  let demoName: string;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    editor = await board.joinWorkspace("mona", "editor");
    reader = await board.joinWorkspace("hubot", "viewer");
    const gantryRepository = await gantryRepositoryOf(board.t, board.demo.token, board.workspace);
    const created = await gql(
      board.t,
      board.demo.token,
      `mutation ($r: ID!) { createIssue(input: { repositoryId: $r, title: "Native one", labels: ["bug"] }) { issue { id number labels { name } } } }`,
      { r: gantryRepository },
    );
    const issue = field<{ issue: { id: string; number: number; labels: { name: string }[] } }>(
      created,
      "createIssue",
    ).issue;
    nativeId = issue.id;
    native = { r: gantryRepository, n: issue.number };
    github = { g: board.hub.store.repository("acme", "web-app")?.id ?? 0, n: 1 };
    expect(issue.labels).toEqual([{ name: "zh-bug" }]);
    githubId = await board.webAppIssue(1);
    demoName = field<{ name: string }>(await gql(board.t, board.demo.token, "{ viewer { name } }"), "viewer").name;
  });
  afterAll(() => board.close());

  const timeline = async (where: Locator, user = board.demo) =>
    field<Timeline>(await gql(board.t, user.token, TIMELINE, where), "issueByInfo");
  const comments = async (where: Locator, user = board.demo) =>
    field<Comments>(await gql(board.t, user.token, COMMENTS, where), "issueByInfo").comments;

  it("updateIssue walks the ladder: signed out, bad input, forbidden, then a native issue's title and body", async () => {
    const input = (extra: object) => ({ input: { issueId: nativeId, ...extra } });
    expect(errorOf(await gql(board.t, null, UPDATE, input({ title: "x" }))).code).toBe("UNAUTHENTICATED");
    expect(errorOf(await gql(board.t, editor.token, UPDATE, input({ title: "   " })))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue needs a title.",
    });
    expect(errorOf(await gql(board.t, editor.token, UPDATE, input({ title: "x".repeat(257) }))).message).toBe(
      "Titles are at most 256 characters.",
    );
    expect(errorOf(await gql(board.t, editor.token, UPDATE, input({}))).message).toBe(
      "Give a new title, body, state or milestone.",
    );
    expect(errorOf(await gql(board.t, reader.token, UPDATE, input({ title: "Mine now" }))).code).toBe("FORBIDDEN");

    const answer = await gql(board.t, editor.token, UPDATE, input({ title: "  Renamed native  ", body: "**bold**" }));
    expect(field<{ issue: { title: string; body: string } }>(answer, "updateIssue").issue).toMatchObject({
      title: "Renamed native",
      body: "**bold**",
    });
    const { timelineItems } = await timeline(native);
    expect(timelineItems.nodes).toEqual([
      // Opened first, by the person who created it in Gantry.
      expect.objectContaining({ key: "issue.created", from: null, to: "issue", source: "GANTRY", actor: demoName }),
      expect.objectContaining({ key: "issue.title", from: "Native one", to: "Renamed native", source: "GANTRY" }),
      expect.objectContaining({ key: "issue.body", from: "", to: "**bold**", source: "GANTRY" }),
    ]);
  });

  it("closes, reopens, labels and assigns a native issue in Gantry alone, each on its timeline", async () => {
    const ids = { ids: [nativeId] };
    for (const [name, args] of [
      ["closeIssues", ""],
      ["reopenIssues", ""],
      ["addLabelsToIssues", `labelInfos: [{ name: "urgent" }]`],
      ["removeLabelsFromIssues", `labelInfos: [{ name: "zh-bug" }]`],
      ["addAssigneesToIssues", `assigneeLogins: ["mona"]`],
    ] as const) {
      const answer = await gql(board.t, editor.token, BULK(name, args), ids);
      expect(field<{ successCount: number }>(answer, name).successCount).toBe(1);
    }
    const milestone = await gql(board.t, editor.token, BULK("setIssuesMilestone", "milestoneNumber: 1"), ids);
    // No milestone #1 in the workspace's Gantry repository yet (decision 0028; native-milestones.db.test.ts sets one).
    expect(Object.values(field<{ githubErrors: object }>(milestone, "setIssuesMilestone").githubErrors)).toEqual([
      "This workspace has no milestone #1.",
    ]);
    const after = await timeline(native);
    expect(after).toMatchObject({ state: "OPEN", labels: [{ name: "zh-urgent" }], assignees: [{ login: "mona" }] });
    expect(after.timelineItems.nodes.slice(3).map(({ field, from, to }) => [field, from, to])).toEqual([
      ["state", "open", "closed"],
      ["state", "closed", "open"],
      ["labels", null, "zh-urgent"],
      ["labels", "zh-bug", null],
      ["assignees", null, "mona"],
    ]);
  });

  it("records estimates and pipeline moves, and hides a workspace's moves from who cannot open it", async () => {
    await gql(
      board.t,
      editor.token,
      `mutation ($id: ID!) { setEstimate(input: { issueId: $id, value: 5 }) { issue { id } } }`,
      {
        id: nativeId,
      },
    );
    const { pipelines } = field<{ pipelines: { id: string; name: string }[] }>(
      await gql(board.t, editor.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }", {
        id: board.workspace,
      }),
      "workspace",
    );
    const target = pipelines[2] as { id: string; name: string };
    const moved = await gql(
      board.t,
      editor.token,
      "mutation ($p: ID!, $i: ID!) { moveIssue(input: { pipelineId: $p, issueId: $i, position: 0 }) { issue { id } } }",
      { p: target.id, i: nativeId },
    );
    expect(moved.errors).toBeUndefined();
    const items = (await timeline(native)).timelineItems.nodes;
    expect(items).toContainEqual(expect.objectContaining({ field: "estimate", from: null, to: "5" }));
    expect(items).toContainEqual(expect.objectContaining({ field: "pipeline", to: target.name }));
    // An organisation member who cannot open the workspace sees the issue's own fields, not the board's.
    const [pipelineEvent] = await board.t.database.db
      .select()
      .from(schema.issueEvents)
      .where(eq(schema.issueEvents.field, "pipeline"));
    expect(pipelineEvent?.workspaceId).toBe(decodeGlobalID(board.workspace).id);
  });

  it("comments on a native issue: empty refused, a viewer refused, own comments edited and deleted", async () => {
    expect(errorOf(await gql(board.t, editor.token, CREATE_COMMENT, { id: nativeId, body: "  " }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "A comment cannot be empty.",
    });
    expect(errorOf(await gql(board.t, reader.token, CREATE_COMMENT, { id: nativeId, body: "hi" })).code).toBe(
      "FORBIDDEN",
    );
    const created = await gql(board.t, editor.token, CREATE_COMMENT, { id: nativeId, body: "First *thought*" });
    const comment = field<{ comment: { id: string } }>(created, "createComment").comment;
    expect(errorOf(await gql(board.t, board.demo.token, UPDATE_COMMENT, { id: comment.id, body: "hijack" }))).toEqual({
      code: "FORBIDDEN",
      message: "Only the comment's author can change or delete it.",
    });
    const edited = await gql(board.t, editor.token, UPDATE_COMMENT, { id: comment.id, body: "Second thought" });
    expect(
      field<{ comment: { body: string; lastEditedAt: string } }>(edited, "updateComment").comment.lastEditedAt,
    ).not.toBeNull();
    const listed = await comments(native, board.demo);
    expect(listed.nodes).toEqual([
      expect.objectContaining({
        body: "Second thought",
        author: { name: "Mona Lisa", login: "mona" },
        viewerCanEdit: false,
      }),
    ]);
    expect(
      field<{ deleted: boolean }>(await gql(board.t, editor.token, DELETE_COMMENT, { id: comment.id }), "deleteComment")
        .deleted,
    ).toBe(true);
    expect((await comments(native, editor)).totalCount).toBe(0);
  });

  it("edits a GitHub issue on GitHub, comments there, and records the webhook's echo once", async () => {
    const answer = await gql(board.t, editor.token, UPDATE, {
      input: { issueId: githubId, title: "Edited from Gantry" },
    });
    expect(answer.errors).toBeUndefined();
    expect(board.hub.store.repository("acme", "web-app")?.issues.get(1)?.title).toBe("Edited from Gantry");
    const created = await gql(board.t, editor.token, CREATE_COMMENT, { id: githubId, body: "From Gantry" });
    const comment = field<{ comment: { id: string } }>(created, "createComment").comment;
    const listed = await comments(github, editor);
    expect(listed.nodes.at(-1)).toMatchObject({ body: "From Gantry", author: { login: "mona" }, viewerCanEdit: true });
    // Someone else's GitHub comment is theirs to change.
    expect((await comments(github, board.demo)).nodes.at(-1)).toMatchObject({ viewerCanEdit: false });
    const edited = await gql(board.t, editor.token, UPDATE_COMMENT, { id: comment.id, body: "Edited on GitHub" });
    expect(edited.errors).toBeUndefined();
    // The sandbox's webhook for the same edit comes back; it changes nothing and adds nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const titles = (await timeline(github)).timelineItems.nodes.filter((item) => item.field === "title");
    expect(titles).toEqual([
      expect.objectContaining({ to: "Edited from Gantry", source: "GANTRY", actor: "Mona Lisa" }),
    ]);
  });

  it("records a change made on GitHub, by webhook, as GitHub's with the login of who made it", async () => {
    const account = board.hub.store.accountByLogin("demo");
    if (!account) throw new Error("the demo seed has no demo user");
    const onGitHub = new Octokit({ baseUrl: board.hub.apiUrl, auth: board.hub.store.issueToken(account) });
    await onGitHub.rest.issues.update({ owner: "acme", repo: "web-app", issue_number: 1, labels: ["wontfix"] });
    await vi.waitFor(async () => {
      const labels = (await timeline(github)).timelineItems.nodes.filter((item) => item.field === "labels");
      expect(labels).toContainEqual(expect.objectContaining({ to: "wontfix", source: "GITHUB", actor: "demo" }));
    });
  });

  it("opens an imported GitHub issue's timeline with its opening on GitHub, by its author, when GitHub dated it", async () => {
    const onGitHub = board.hub.store.repository("acme", "web-app")?.issues.get(1);
    const author = onGitHub && board.hub.store.account(onGitHub.authorId).login;
    const FIRST = ISSUE("timelineItems(first: 1) { nodes { field to source actor createdAt } }");
    const { timelineItems } = field<{ timelineItems: { nodes: Record<string, string>[] } }>(
      await gql(board.t, board.demo.token, FIRST, github),
      "issueByInfo",
    );
    expect(timelineItems.nodes).toEqual([
      {
        field: "created",
        to: "issue",
        source: "GITHUB",
        actor: author,
        createdAt: new Date(onGitHub?.createdAt ?? 0).toISOString(),
      },
    ]);
  });

  it("keeps the latest write: an older GitHub version does not overwrite, yet shows on the timeline", async () => {
    const [stored] = await board.t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(githubId).id));
    if (!stored || stored.ghId === null || !stored.htmlUrl) throw new Error("the GitHub issue is not stored");
    const older = new Date(stored.ghUpdatedAt.getTime() - 60_000).toISOString();
    await upsertIssues(
      board.t.database.db,
      stored.repositoryId,
      [
        {
          id: stored.ghId,
          number: stored.number,
          title: "Stale title from GitHub",
          state: stored.state,
          html_url: stored.htmlUrl,
          created_at: stored.ghCreatedAt.toISOString(),
          updated_at: older,
        },
      ],
      false,
      { source: "github", actorId: null, actorLogin: "octocat" },
    );
    const after = await timeline(github);
    expect(after.title).toBe("Edited from Gantry");
    const titles = after.timelineItems.nodes.filter((item) => item.field === "title");
    expect(titles.map(({ from, to, source, actor }) => ({ from, to, source, actor }))).toEqual([
      { from: null, to: "Stale title from GitHub", source: "GITHUB", actor: "octocat" },
      { from: expect.any(String), to: "Edited from Gantry", source: "GANTRY", actor: "Mona Lisa" },
    ]);
  });
});
