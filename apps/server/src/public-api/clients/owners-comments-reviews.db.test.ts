import { createRequire } from "node:module";
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { Octokit } from "@octokit/rest";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GitHubIssueWire, upsertIssues } from "../../codehost/issue-sync.js";
import { syncRequestedReviewers } from "../../codehost/review-requests.js";
import { type BoardFixture, boardWithWebApp } from "../../testing/board.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { countQueries } from "../../testing/query-count.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

interface Definition {
  name: string;
  examples: { action?: string; [key: string]: unknown }[];
}
const definitions = createRequire(import.meta.url)("@octokit/webhooks-examples") as Definition[];
const example = (event: string, test: (payload: Record<string, unknown>) => boolean) => {
  const found = definitions.find((definition) => definition.name === event)?.examples.find(test);
  if (!found) throw new Error(`@octokit/webhooks-examples has no such ${event} example`);
  return found as Record<string, unknown>;
};

/** GitHub's bot account as a real delivery carries it (deployment.created's creator: github-pages[bot]). */
const BOT = example(
  "deployment",
  (payload) => (payload.deployment as { creator?: { type?: string } })?.creator?.type === "Bot",
).deployment as { creator: { login: string; id: number; node_id: string; avatar_url: string; type: string } };
/** A real pull_request.review_requested delivery: octocat asked. */
const REVIEW_REQUESTED = example("pull_request", (payload) => payload.action === "review_requested").pull_request as {
  requested_reviewers: { login: string; id: number; node_id: string }[];
  updated_at: string;
};

/** An issue-reading script: the author in any Owner type, the pull request's review requests with their dates. */
const ISSUE_PEOPLE = `
fragment OwnerInfo on Owner { __typename id login avatarUrl ghId ghNodeId type }
query IssuePeople($issueId: ID!) {
  node(id: $issueId) {
    ... on Issue {
      user {
        ...OwnerInfo
        ... on Bot { login }
        ... on NoOwner { login }
        ... on Mannequin { login }
      }
      reviewRequests(first: 10) {
        nodes {
          id
          ghId
          ghNodeId
          ... on Timestamps { createdAt updatedAt }
          reviewer { ... on User { login } }
        }
      }
    }
  }
}`;

/** A comment-reading script: who wrote each comment, as ZenHub scripts ask for a ZenhubUser. */
const COMMENT_AUTHORS = `
fragment Person on ZenhubUser { id name githubUser { login ghId } }
query CommentAuthors($issueId: ID!) {
  node(id: $issueId) {
    ... on Issue { comments(first: 20) { nodes { body author { __typename ...Person } } } }
  }
}`;

const NODE_PERSON = `
query Person($id: ID!) { node(id: $id) { __typename ... on ZenhubUser { id name githubUser { login ghId } } } }`;

const CREATE_COMMENT = `
mutation CreateComment($input: CreateCommentInput!) {
  createComment(input: $input) { comment { author { id name ... on Timestamps { createdAt } } } }
}`;

type IssuePeople = {
  node: {
    user: Record<string, unknown>;
    reviewRequests: { nodes: Record<string, unknown>[] };
  };
};

describe.each(testEngines())("owners, comment authors and review requests for ZenHub clients, on %s", (engine) => {
  let board: BoardFixture;
  let secret: string;
  let repositoryId: string;
  const zenhub = (operation: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(board.t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);
  const people = async (issueId: string) => {
    const answer = await zenhub(ISSUE_PEOPLE, { issueId });
    expect(answer.errors).toBeUndefined();
    return (answer.data as IssuePeople).node;
  };
  /** A GitHub issue or pull request of acme/web-app as GitHub delivers it, stored as a delivery is. */
  const deliver = async (number: number, fields: Partial<GitHubIssueWire>, isPullRequest = false) => {
    const wire: GitHubIssueWire = {
      id: 7_700_000 + number,
      number,
      title: `Delivered ${number}`,
      html_url: `https://github.test/acme/web-app/issues/${number}`,
      created_at: "2019-05-15T15:19:00Z",
      updated_at: "2019-05-15T15:19:00Z",
      ...fields,
    };
    await upsertIssues(board.t.database.db, repositoryId, [wire], isPullRequest);
    const [row] = await board.t.database.db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, number)));
    return encodeGlobalID("Issue", row?.id as string);
  };

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    secret = (await createKey(board.t, board.demo, "people script")).secret;
    const [repository] = await board.t.database.db
      .select({ id: schema.repositories.id })
      .from(schema.repositories)
      .where(and(eq(schema.repositories.ownerLogin, "acme"), eq(schema.repositories.name, "web-app")));
    repositoryId = repository?.id as string;
  }, 240_000);
  afterAll(() => board.close());

  it("answers an issue opened by a GitHub App as a Bot, with GitHub's ids (webhooks-examples' github-pages[bot])", async () => {
    const issueId = await deliver(9001, { user: BOT.creator });
    expect((await people(issueId)).user).toEqual({
      __typename: "Bot",
      id: encodeGlobalID("Bot", BOT.creator.login),
      login: "github-pages[bot]",
      avatarUrl: BOT.creator.avatar_url,
      ghId: BOT.creator.id,
      ghNodeId: BOT.creator.node_id,
      type: "Bot",
    });
  });

  it("answers NoOwner where GitHub names no author (a deleted account)", async () => {
    const issueId = await deliver(9002, { user: null });
    expect((await people(issueId)).user).toEqual({
      __typename: "NoOwner",
      id: encodeGlobalID("NoOwner", "ghost"),
      login: "ghost",
      avatarUrl: "",
      ghId: null,
      ghNodeId: null,
      type: "NoOwner",
    });
  });

  it("answers a person's issue as a User, and a Mannequin as GitHub types it", async () => {
    const person = await deliver(9003, {
      user: { login: "octocat", id: 583231, node_id: "MDQ6VXNlcjU4MzIzMQ==", type: "User" },
    });
    expect((await people(person)).user).toMatchObject({ __typename: "User", login: "octocat", ghId: 583231 });
    const mannequin = await deliver(9004, {
      user: { login: "imported-author", id: 1234, node_id: "MDk6TWFubmVxdWluMTIzNA==", type: "Mannequin" },
    });
    expect((await people(mannequin)).user).toMatchObject({
      __typename: "Mannequin",
      login: "imported-author",
      type: "Mannequin",
    });
  });

  it("keeps a review request's GitHub ids and when it was first seen (webhooks-examples' pull_request.review_requested)", async () => {
    const [octocat] = REVIEW_REQUESTED.requested_reviewers;
    const pull = await deliver(
      9005,
      {
        requested_reviewers: REVIEW_REQUESTED.requested_reviewers,
        updated_at: REVIEW_REQUESTED.updated_at,
        pull_request: {},
      },
      true,
    );
    const asked = {
      ghId: octocat?.id,
      ghNodeId: octocat?.node_id,
      createdAt: new Date(REVIEW_REQUESTED.updated_at).toISOString(),
      updatedAt: new Date(REVIEW_REQUESTED.updated_at).toISOString(),
      reviewer: { login: "octocat" },
    };
    expect((await people(pull)).reviewRequests.nodes).toEqual([{ id: expect.any(String), ...asked }]);
    // A later version of the pull request, still asking octocat: the request keeps its date.
    await deliver(
      9005,
      {
        requested_reviewers: REVIEW_REQUESTED.requested_reviewers,
        updated_at: "2019-05-16T10:00:00Z",
        pull_request: {},
      },
      true,
    );
    expect((await people(pull)).reviewRequests.nodes).toEqual([{ id: expect.any(String), ...asked }]);
  });

  it("answers a request stored before Gantry kept its ids with the documented fallback (0, empty, the pull request's opening)", async () => {
    const pull = await deliver(9006, { pull_request: {} }, true);
    await board.t.database.db
      .update(schema.issues)
      .set({ requestedReviewers: [{ login: "mona", avatarUrl: null }] })
      .where(eq(schema.issues.id, decodeGlobalID(pull).id));
    expect((await people(pull)).reviewRequests.nodes).toEqual([
      {
        id: expect.any(String),
        ghId: 0,
        ghNodeId: "",
        createdAt: "2019-05-15T15:19:00.000Z",
        updatedAt: "2019-05-15T15:19:00.000Z",
        reviewer: { login: "mona" },
      },
    ]);
  });

  it("reads a pull request's reviewers from GitHub (the hub sandbox) with their ids, through Octokit", async () => {
    const hub = board.hub;
    const repository = hub.store.repository("acme", "web-app");
    const demo = hub.store.accountByLogin("demo");
    const mona = hub.store.accountByLogin("mona");
    if (!repository || !demo || !mona) throw new Error("the demo seed has no acme/web-app, demo or mona");
    const created = hub.store.createIssue(repository, {
      title: "Asks mona",
      authorId: demo.id,
      pullRequest: { headRef: "feature", baseRef: "main", draft: false, requestedReviewerIds: [mona.id] },
    });
    const client = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(demo) });
    const { data } = await client.rest.pulls.get({ owner: "acme", repo: "web-app", pull_number: created.number });
    await upsertIssues(board.t.database.db, repositoryId, [data as unknown as GitHubIssueWire], true);
    await syncRequestedReviewers(
      board.t.database.db,
      client,
      { id: repositoryId, ownerLogin: "acme", name: "web-app" },
      null,
    );
    const [row] = await board.t.database.db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, created.number)));
    const requests = (await people(encodeGlobalID("Issue", row?.id as string))).reviewRequests.nodes;
    expect(requests).toEqual([
      {
        id: expect.any(String),
        ghId: mona.id,
        ghNodeId: data.requested_reviewers?.[0]?.node_id,
        createdAt: new Date(data.updated_at).toISOString(),
        updatedAt: new Date(data.updated_at).toISOString(),
        reviewer: { login: "mona" },
      },
    ]);
  });

  it("answers a comment's author as a ZenhubUser: the Gantry user, or a view of a GitHub-only author node(id:) loads", async () => {
    const hub = board.hub;
    const mona = hub.store.accountByLogin("mona");
    const demo = hub.store.accountByLogin("demo");
    if (!mona || !demo) throw new Error("the demo seed has no mona or demo");
    // demo (a Gantry user) and mona (GitHub only) comment on acme/web-app#1 on GitHub.
    for (const [account, body] of [
      [demo, "From demo"],
      [mona, "From mona"],
    ] as const) {
      const client = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
      await client.rest.issues.createComment({ owner: "acme", repo: "web-app", issue_number: 1, body });
    }
    const answer = await zenhub(COMMENT_AUTHORS, { issueId: await board.webAppIssue(1) });
    expect(answer.errors).toBeUndefined();
    const nodes = (
      answer.data as { node: { comments: { nodes: { body: string; author: Record<string, unknown> }[] } } }
    ).node.comments.nodes;
    const byBody = new Map(nodes.map((node) => [node.body, node.author]));
    expect(byBody.get("From demo")).toMatchObject({
      __typename: "ZenhubUser",
      id: encodeGlobalID("GantryUser", board.demo.userId),
    });
    const monaAuthor = byBody.get("From mona");
    expect(monaAuthor).toEqual({
      __typename: "ZenhubUser",
      id: expect.any(String),
      name: "mona",
      githubUser: { login: "mona", ghId: mona.id },
    });
    // The id is stable and loads the same person again, as GitHub describes them now.
    const loaded = await zenhub(NODE_PERSON, { id: monaAuthor?.id });
    expect(loaded.errors).toBeUndefined();
    expect(loaded.data).toEqual({
      node: {
        __typename: "ZenhubUser",
        id: monaAuthor?.id,
        name: "Mona Lisa",
        githubUser: { login: "mona", ghId: mona.id },
      },
    });
  });

  it("reads the authors of a page of comments in the same number of queries however many comments it has", async () => {
    const hub = board.hub;
    const writers = ["demo", "mona", "hubot"].map((login) => hub.store.accountByLogin(login));
    const commentOn = async (number: number, count: number) => {
      for (let index = 0; index < count; index++) {
        const account = writers[index % writers.length];
        if (!account) throw new Error("the demo seed lacks a commenter");
        const client = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
        await client.rest.issues.createComment({
          owner: "acme",
          repo: "web-app",
          issue_number: number,
          body: `#${index}`,
        });
      }
      return board.webAppIssue(number);
    };
    const [few, many] = [await commentOn(3, 3), await commentOn(4, 15)];
    // The comments' webhook deliveries write to the same database; they must be done before counting.
    await hub.deliveriesSettled();
    const authorsOf = async (issueId: string) => {
      let authors: unknown[] = [];
      // An uncounted read first: the key's last use is written at most once a minute, by whichever read comes first.
      await zenhub(COMMENT_AUTHORS, { issueId });
      const queries = await countQueries(board.t.database.db, async () => {
        const answer = await zenhub(COMMENT_AUTHORS, { issueId });
        expect(answer.errors).toBeUndefined();
        authors = (answer.data as { node: { comments: { nodes: { author: unknown }[] } } }).node.comments.nodes;
      });
      return { authors, queries };
    };
    const [three, fifteen] = [await authorsOf(few), await authorsOf(many)];
    expect(three.authors).toHaveLength(3);
    expect(fifteen.authors).toHaveLength(15);
    expect(fifteen.queries).toBe(three.queries);
  });

  it("answers the Gantry author of a comment written through the API", async () => {
    const gantryRepository = await board.t.database.db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .where(eq(schema.issues.repositoryId, repositoryId))
      .limit(1);
    const answer = await zenhub(CREATE_COMMENT, {
      input: { commentableId: encodeGlobalID("Issue", gantryRepository[0]?.id as string), body: "Via the API" },
    });
    expect(answer.errors).toBeUndefined();
    expect(
      (answer.data as { createComment: { comment: { author: Record<string, unknown> } } }).createComment.comment.author,
    ).toMatchObject({
      id: encodeGlobalID("GantryUser", board.demo.userId),
    });
  });

  it("names the argument of a cursor no list gave out, instead of 'Invalid base64 string'", async () => {
    const PAGE = `
    query Page($issueId: ID!, $after: String) {
      node(id: $issueId) { ... on Issue { reviewRequests(first: 5, after: $after) { totalCount } } }
    }`;
    const issueId = await board.webAppIssue(1);
    for (const after of ["not a cursor!", Buffer.from("something:else").toString("base64")]) {
      const answer = await zenhub(PAGE, { issueId, after });
      expect(answer.errors?.[0]).toMatchObject({
        message:
          "`after` is not a cursor this API gave out: send a page's pageInfo.endCursor or startCursor, or an edge's cursor, unchanged.",
        path: ["node", "reviewRequests"],
        extensions: { code: "BAD_USER_INPUT", field: "after" },
      });
    }
  });

  it("keeps each error's own path when several come back under one null field (ZenHub view)", async () => {
    const issueId = await deliver(9001, { user: BOT.creator });
    const TWO = `
    query Two($issueId: ID!) {
      node(id: $issueId) {
        ... on Issue {
          reviewRequests(first: 1, after: "not a cursor!") { totalCount }
          user { ... on Bot { createdAt } }
        }
      }
    }`;
    const answer = await zenhub(TWO, { issueId });
    // GitHub (the hub sandbox) has no such bot account to read the dates of, which nulls the issue.
    expect(answer.data).toEqual({ node: null });
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: ["node", "reviewRequests"],
          extensions: { code: "BAD_USER_INPUT", field: "after" },
        }),
        expect.objectContaining({
          message: "GitHub has no account named github-pages[bot].",
          path: ["node", "user", "createdAt"],
        }),
      ]),
    );
    expect(answer.errors).toHaveLength(2);
  });

  it("creates a release for repositories without a workspaceId, as the reference does, in the one workspace showing them", async () => {
    const CREATE_RELEASE = `
    mutation CreateRelease($input: CreateReleaseInput!) { createRelease(input: $input) { release { id title } } }`;
    const webApp = board.hub.store.repository("acme", "web-app");
    const release = { title: "Spring", startOn: "2026-03-01", endOn: "2026-04-01", repositoryGhIds: [webApp?.id] };
    const answer = await zenhub(CREATE_RELEASE, { input: { release } });
    expect(answer.errors).toBeUndefined();
    const created = (answer.data as { createRelease: { release: { id: string; title: string } } }).createRelease
      .release;
    expect(created.title).toBe("Spring");
    const [row] = await board.t.database.db
      .select({ workspaceId: schema.releases.workspaceId })
      .from(schema.releases)
      .where(eq(schema.releases.id, decodeGlobalID(created.id).id));
    expect(row?.workspaceId).toBe(decodeGlobalID(board.workspace).id);
    const nowhere = await zenhub(CREATE_RELEASE, {
      input: { release: { ...release, repositoryGhIds: [987_654_321] } },
    });
    expect(nowhere.errors?.[0]).toMatchObject({
      message: "No workspace you can plan in shows all of these repositories; give workspaceId.",
      extensions: { code: "BAD_USER_INPUT", field: "release.repositoryGhIds" },
    });
  });
});
