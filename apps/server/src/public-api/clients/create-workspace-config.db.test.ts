import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMailer } from "../../mail/mailer.js";
import type { TestApp } from "../../testing/app.js";
import {
  addMember,
  createOrganization,
  errorOf,
  field,
  type GraphQLAnswer,
  gql,
  signUpUser,
  type TestUser,
} from "../../testing/factories.js";
import { gantryWithHub } from "../../testing/hub.js";
import { workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";

// A ZenHub script setting a workspace up in one createWorkspace call, inviting someone to its organisation and
// workspace, and asking for estimates with a message, against /public/zenhub/graphql (decision 0098).

const CREATE_WORKSPACE = `
mutation CreateWorkspace(
  $name: String!
  $organizationId: ID
  $private: Boolean
  $repositoryGhIds: [Int!]
  $defaultRepositoryGhId: Int
  $workspaceConfig: WorkspaceConfigInput
) {
  createWorkspace(input: {
    name: $name
    zenhubOrganizationId: $organizationId
    private: $private
    repositoryGhIds: $repositoryGhIds
    defaultRepositoryGhId: $defaultRepositoryGhId
    workspaceConfig: $workspaceConfig
  }) {
    workspace { id name }
  }
}`;

const READ_BACK = `
fragment PipelineFields on Pipeline { name description stage }
query WorkspaceSetup($id: ID!) {
  workspace(id: $id) {
    name
    defaultRepository { ghId name }
    repositories { ghId name }
    board: pipelinesConnection(first: 20) { nodes { ...PipelineFields } }
    sprintConfig { name kind period tzIdentifier startOnTime settings { moveUnfinishedIssues issuesFromPipeline { enabled } } }
    sprints(first: 10) { totalCount nodes { name state } }
  }
}`;

const IMPORT_STATE = `query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { import { state } } } } } }`;

describe.each(testEngines())("createWorkspace with its setup, invitations and estimate requests, on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let mailer: OutboxMailer;
  let demo: TestUser;
  let demoKey: string;
  let organization: string;
  let apiGhId: number;
  let notesGhId: number;

  const call = (key: string, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = async <T>(key: string, query: string, variables: Record<string, unknown>) => {
    const answer = await call(key, query, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as T;
  };
  const workspacesNamed = async (name: string) =>
    (await t.database.db.select().from(schema.workspaces).where(eq(schema.workspaces.name, name))).length;

  async function importsDone(workspaceId: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const nodes = field<{ repositoriesConnection: { nodes: { repository: { import: { state: string } } }[] } }>(
        await gql(t, demo.token, IMPORT_STATE, { id: workspaceId }),
        "workspace",
      ).repositoriesConnection.nodes;
      if (nodes.every((node) => ["DONE", "FAILED"].includes(node.repository.import.state))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("imports did not finish");
  }

  beforeAll(async () => {
    ({ t, hub, demo, mailer } = await gantryWithHub(engine, { REQUIRE_EMAIL_VERIFICATION: "false" }));
    demoKey = (await createKey(t, demo)).secret;
    organization = await createOrganization(t, demo);
    apiGhId = hub.store.repository("acme", "api")?.id as number;
    notesGhId = hub.store.repository("demo", "notes")?.id as number;
  });

  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  it("creates the workspace with its repositories, default repository, pipelines in order and sprints", async () => {
    const created = await data<{ createWorkspace: { workspace: { id: string; name: string } } }>(
      demoKey,
      CREATE_WORKSPACE,
      {
        name: "Platform",
        organizationId: organization,
        repositoryGhIds: [apiGhId, notesGhId],
        defaultRepositoryGhId: notesGhId,
        workspaceConfig: {
          pipelines: [
            { name: "Inbox" },
            { name: "Doing", description: "Someone is on it", stage: "DEVELOPMENT" },
            { name: "In review", stage: "REVIEW" },
            { name: "Shipped", stage: "COMPLETED" },
          ],
          // The reference's defaults: weekly, every 2 weeks; its start time is an instant converted into the zone.
          sprintConfig: { tzIdentifier: "Europe/Berlin", period: 3, startOnTime: "2026-11-30T09:30:00Z" },
        },
      },
    );
    const workspaceId = created.createWorkspace.workspace.id;
    await importsDone(workspaceId);
    const { workspace } = await data<{
      workspace: {
        defaultRepository: { ghId: number; name: string };
        repositories: { ghId: number; name: string }[];
        board: { nodes: { name: string; description: string | null; stage: string | null }[] };
        sprintConfig: Record<string, unknown>;
        sprints: { totalCount: number; nodes: { name: string; state: string }[] };
      };
    }>(demoKey, READ_BACK, { id: workspaceId });
    expect(workspace.repositories.map((repository) => repository.ghId)).toEqual(
      expect.arrayContaining([apiGhId, notesGhId]),
    );
    expect(workspace.defaultRepository).toEqual({ ghId: notesGhId, name: "notes" });
    // The pipelines given, in the order given, instead of Gantry's default board.
    expect(workspace.board.nodes).toEqual([
      { name: "Inbox", description: null, stage: null },
      { name: "Doing", description: "Someone is on it", stage: "DEVELOPMENT" },
      { name: "In review", description: null, stage: "REVIEW" },
      { name: "Shipped", description: null, stage: "COMPLETED" },
    ]);
    expect(workspace.sprintConfig).toEqual({
      name: "Sprint",
      kind: "weekly",
      period: 3,
      tzIdentifier: "Europe/Berlin",
      // 09:30 UTC on 30 November is 10:30 in Berlin.
      startOnTime: "10:30:00",
      settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
    });
    // The two sprints ahead (and the running one, once 30 November has come) exist at once, named after the config.
    expect(workspace.sprints.totalCount).toBeGreaterThanOrEqual(2);
    expect(workspace.sprints.nodes.every((sprint) => sprint.name.startsWith("Sprint: "))).toBe(true);
  });

  it("starts with Gantry's default board and no sprints when no config is given", async () => {
    const created = await data<{ createWorkspace: { workspace: { id: string } } }>(demoKey, CREATE_WORKSPACE, {
      name: "Plain",
      organizationId: organization,
    });
    const { workspace } = await data<{
      workspace: { board: { nodes: { name: string }[] }; sprintConfig: null; repositories: { ghId: number }[] };
    }>(demoKey, READ_BACK, { id: created.createWorkspace.workspace.id });
    expect(workspace.board.nodes.map((pipeline) => pipeline.name)).toEqual([
      "New Issues",
      "Icebox",
      "Backlog",
      "In Progress",
      "Review/QA",
      "Done",
    ]);
    expect(workspace.sprintConfig).toBeNull();
  });

  it.each([
    [
      "a default repository it does not connect",
      { repositoryGhIds: [apiGhIdOf], defaultRepositoryGhId: notesGhIdOf },
      /default repository must be one of the repositories connected: \d+ is not in repositoryGhIds/,
    ],
    [
      "a repository the GitHub account cannot reach",
      { repositoryGhIds: [apiGhIdOf, () => 987_654_321] },
      /^GitHub has no repository 987654321, or your account cannot see it\.$/,
    ],
    [
      "a workspace's Gantry repository",
      { repositoryGhIds: [() => -1] },
      /repositoryGhIds must be a GitHub repository id/,
    ],
    ["no pipelines", { workspaceConfig: { pipelines: [] } }, /A workspace needs at least one pipeline/],
    [
      "a blank pipeline name",
      { workspaceConfig: { pipelines: [{ name: "Todo" }, { name: "   " }] } },
      /Pipeline names are 1 to 100 characters long/,
    ],
    [
      "two pipelines of one name",
      { workspaceConfig: { pipelines: [{ name: "Todo" }, { name: "todo" }] } },
      /A pipeline with this name already exists in this workspace/,
    ],
    [
      "a time zone that is not one",
      { workspaceConfig: { pipelines: [{ name: "Todo" }], sprintConfig: { tzIdentifier: "Mars/Olympus" } } },
      /^Invalid timezone\.$/,
    ],
    [
      "monthly sprints",
      { workspaceConfig: { sprintConfig: { tzIdentifier: "UTC", kind: "monthly" } } },
      /monthly sprints are not offered/,
    ],
    ["a sprint period out of range", { workspaceConfig: { sprintConfig: { tzIdentifier: "UTC", period: 0 } } }, /week/],
  ])("refuses %s with a clear error, leaving no workspace behind", async (_case, given, message) => {
    const name = `Refused ${_case}`;
    const variables: Record<string, unknown> = { name, organizationId: organization, ...given };
    if (Array.isArray(variables.repositoryGhIds))
      variables.repositoryGhIds = (variables.repositoryGhIds as (() => number)[]).map((ghId) => ghId());
    if (typeof variables.defaultRepositoryGhId === "function")
      variables.defaultRepositoryGhId = (variables.defaultRepositoryGhId as () => number)();
    const answer = await call(demoKey, CREATE_WORKSPACE, variables);
    expect(errorOf(answer).message).toMatch(message);
    expect(answer.data?.createWorkspace ?? null).toBeNull();
    expect(await workspacesNamed(name)).toBe(0);
  });

  function apiGhIdOf() {
    return apiGhId;
  }
  function notesGhIdOf() {
    return notesGhId;
  }

  it("invites someone to the organisation and a private workspace: accepting opens the workspace", async () => {
    const created = await data<{ createWorkspace: { workspace: { id: string } } }>(demoKey, CREATE_WORKSPACE, {
      name: "Secret plans",
      organizationId: organization,
      private: true,
    });
    const workspaceId = created.createWorkspace.workspace.id;
    const joiner = await signUpUser(t, "joiner");
    const joinerKey = (await createKey(t, joiner)).secret;
    const invite = `
      mutation Invite($organizationId: ID!, $email: String!, $workspaceId: ID) {
        createZenhubOrganizationInvite(input: {
          zenhubOrganizationId: $organizationId, email: $email, expireInDays: 7, workspaceId: $workspaceId
        }) { token invitation { ...InvitationFields } }
      }
      fragment InvitationFields on ZenhubOrganizationInvitation { email workspace { id name } }`;

    const elsewhere = await createOrganization(t, demo);
    const foreign = await call(demoKey, invite, {
      organizationId: elsewhere,
      email: joiner.email,
      workspaceId,
    });
    expect(errorOf(foreign).message).toBe("This workspace is not one of this organization's.");

    const invited = await data<{
      createZenhubOrganizationInvite: { token: string; invitation: { email: string; workspace: unknown } };
    }>(demoKey, invite, { organizationId: organization, email: joiner.email, workspaceId });
    // The invitation names its workspace, in the payload and in the organisation's pending invitations.
    const named = { email: joiner.email, workspace: { id: workspaceId, name: "Secret plans" } };
    expect(invited.createZenhubOrganizationInvite.invitation).toEqual(named);
    const pending = await data<{ node: { invitations: { email: string; workspace: unknown }[] } }>(
      demoKey,
      `query Pending($id: ID!) {
        node(id: $id) { ... on ZenhubOrganization { invitations { email workspace { id name } } } }
      }`,
      { id: organization },
    );
    expect(pending.node.invitations).toContainEqual(named);
    const mail = mailer.list().find((sent) => sent.to === joiner.email);
    expect(mail?.text).toContain("and its Secret plans workspace");

    const open = `query ($id: ID!) { workspace(id: $id) { name viewerPermission } }`;
    expect(errorOf(await call(joinerKey, open, { id: workspaceId })).message).toMatch(/access/);
    await data(
      joinerKey,
      `mutation Accept($token: String!) { acceptZenhubOrganizationInvite(input: { token: $token }) { clientMutationId } }`,
      { token: invited.createZenhubOrganizationInvite.token },
    );
    const seen = await data<{ workspace: { name: string; viewerPermission: string } }>(joinerKey, open, {
      id: workspaceId,
    });
    expect(seen.workspace).toEqual({ name: "Secret plans", viewerPermission: "WRITE" });
  });

  it("mails the message of inviteToEstimate to each person asked, and keeps it with the invitation", async () => {
    const w = await workspaceWithIssues(t, { native: 1, gitHub: 1 });
    await placeFixtureIssues(t, w.gitHub[0] as string);
    const voter = await signUpUser(t, "voter");
    await addMember(t, w.organization, voter, "member");
    const ownerKey = (await createKey(t, w.owner)).secret;
    const ask = `
      mutation Ask($issueIds: [ID!]!, $userIds: [ID!]!, $workspaceId: ID, $message: String) {
        inviteToEstimate(input: { issueIds: $issueIds, zenhubUserIds: $userIds, workspaceId: $workspaceId, message: $message }) {
          estimationVotes { value voter { id } }
        }
      }`;
    const issueIds = [w.native[0] as string, w.gitHub[0] as string];

    const tooLong = await call(ownerKey, ask, {
      issueIds,
      userIds: [voter.id],
      workspaceId: w.workspace,
      message: "x".repeat(1001),
    });
    expect(errorOf(tooLong).message).toBe("The message to the people asked to estimate is at most 1000 characters.");
    expect(mailer.list().some((sent) => sent.to === voter.email)).toBe(false);

    const message = "Please size these before Thursday's planning.";
    const asked = await data<{ inviteToEstimate: { estimationVotes: { voter: { id: string } }[] } }>(ownerKey, ask, {
      issueIds,
      userIds: [voter.id],
      workspaceId: w.workspace,
      message,
    });
    expect(asked.inviteToEstimate.estimationVotes).toHaveLength(2);
    const mails = mailer.list().filter((sent) => sent.to === voter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/asks you to estimate 2 issues$/);
    expect(mails[0]?.text).toContain(message);
    expect(mails[0]?.text).toContain("Native 1");
    expect(mails[0]?.text).toContain("GitHub 1");
    // Quoted in the HTML part, escaped as HTML.
    expect(mails[0]?.html).toContain("<blockquote>Please size these before Thursday&#39;s planning.</blockquote>");

    // Asking again mails no one twice.
    await data(ownerKey, ask, { issueIds, userIds: [voter.id], workspaceId: w.workspace, message });
    expect(mailer.list().filter((sent) => sent.to === voter.email)).toHaveLength(1);

    // The voter reads the message with the vote they were asked for.
    const voterKey = (await createKey(t, voter)).secret;
    const votes = await data<{ node: { estimationVotes: { nodes: { message: string | null }[] } } }>(
      voterKey,
      `query Votes($id: ID!, $workspaceId: ID) {
        node(id: $id) { ... on Issue { estimationVotes(first: 10, workspaceId: $workspaceId) { nodes { message } } } }
      }`,
      { id: w.native[0], workspaceId: w.workspace },
    );
    expect(votes.node.estimationVotes.nodes).toEqual([{ message }]);
  });
});
