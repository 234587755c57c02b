/**
 * One call per root field of the permission matrix (role-matrix.ts), made against a seeded organisation
 * (`MatrixWorld`, built by role-matrix.db.test.ts). A call that would use up or change what others use
 * (deleting, accepting, changing roles) makes its own target first, as the organisation's owner, so the
 * roles' calls do not depend on their order.
 */
import { randomUUID } from "node:crypto";
import { schema as tables } from "@gantry/db";
import { emptyFilters } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { schema } from "../graphql/schema.js";
import { weeklySprintConfig } from "../public-api/testing.js";
import type { TestApp } from "../testing/app.js";
import { addMember, createOrganization, field, gql, signUpUser, type TestUser } from "../testing/factories.js";
import type { Role } from "./role-matrix.js";

export interface MatrixWorld {
  t: TestApp;
  users: Record<Exclude<Role, "anonymous">, TestUser>;
  organization: string;
  workspace: string;
  /** The workspace's Gantry repository (native issues) and how issues in it are named. */
  repository: { id: string; ownerName: string; name: string };
  /** The database id of a GitHub repository connected to the workspace (its issues are inserted, not synced). */
  gitHubRepositoryId: string;
  pipelines: string[];
  /** A native issue shared by the reads and the edits that can be repeated. */
  issue: { id: string; number: number };
  sprint: string;
  release: string;
  gantryEpic: string;
  priority: string;
  epic: string;
  milestoneNumber: number;
  assignee: string;
}

export interface Call {
  query: string;
  variables?: Record<string, unknown>;
  /** Subscriptions are read over server-sent events; `trigger` makes the event an allowed one waits for. */
  subscription?: { trigger?: () => Promise<void> };
}

type CallMaker = (w: MatrixWorld, role: Role) => Call | Promise<Call>;

/** Runs an arranging call as the organisation's owner and returns the named field. */
export async function arrange<T>(w: MatrixWorld, query: string, variables: Record<string, unknown> = {}) {
  const answer = await gql(w.t, w.users.owner.token, query, variables);
  const name = Object.keys(answer.data ?? {})[0] ?? "";
  return field<T>(answer, name);
}

/** A mutation taking `$input` of the type the schema declares for it. */
function mutation(name: string, select = "__typename") {
  const inputType = schema.getMutationType()?.getFields()[name]?.args[0]?.type.toString();
  if (!inputType) throw new Error(`no mutation ${name}`);
  return `mutation ($input: ${inputType}) { ${name}(input: $input) { ${select} } }`;
}
const BULK = "successCount failedIssues { id } githubErrors";

/** A new milestone of the matrix's Gantry repository, made by the owner, for one call. */
async function matrixMilestone(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ milestone: { id: string } }>(w, mutation("createMilestone", "milestone { id }"), {
    input: { repositoryId: w.repository.id, title: `M ${randomUUID().slice(0, 8)}` },
  });
  return made.milestone.id;
}

async function nativeIssue(w: MatrixWorld, title = "Matrix issue") {
  const made = await arrange<{ issue: { id: string; number: number } }>(
    w,
    mutation("createIssue", "issue { id number }"),
    {
      input: { repositoryId: w.repository.id, title },
    },
  );
  return made.issue;
}

let gitHubNumber = 0;
/** An issue of the connected GitHub repository, as an import leaves it (GitHub epics are made of these). */
export async function gitHubIssue(w: MatrixWorld): Promise<string> {
  return (await gitHubItem(w)).id;
}

/** The same, with its number (the reference names issues by repository and number); a pull request if asked. */
async function gitHubItem(w: MatrixWorld, isPullRequest = false): Promise<{ id: string; number: number }> {
  gitHubNumber++;
  const [issue] = await w.t.database.db
    .insert(tables.issues)
    .values({
      repositoryId: w.gitHubRepositoryId,
      ghId: 1_500_000_000 + Math.floor(Math.random() * 1e8),
      number: 1000 + gitHubNumber,
      title: `GitHub ${gitHubNumber}`,
      state: "open",
      isPullRequest,
      ghCreatedAt: new Date(),
      ghUpdatedAt: new Date(),
    })
    .returning({ id: tables.issues.id, number: tables.issues.number });
  if (!issue) throw new Error("no issue");
  return { id: encodeGlobalID("Issue", issue.id), number: issue.number };
}

/** A GitHub epic of the connected repository, named as the reference's IssueInfoInput names it. */
async function gitHubEpicInfo(w: MatrixWorld) {
  const epic = await gitHubItem(w);
  await arrange(w, mutation("createEpicFromIssue"), { input: { issueId: epic.id } });
  return {
    ...epic,
    info: { repositoryId: encodeGlobalID("Repository", w.gitHubRepositoryId), issueNumber: epic.number },
  };
}

async function gitHubRepositoryGhId(w: MatrixWorld): Promise<number> {
  const [row] = await w.t.database.db
    .select({ ghId: tables.repositories.ghId })
    .from(tables.repositories)
    .where(eq(tables.repositories.id, w.gitHubRepositoryId));
  return Number(row?.ghId);
}

/** Someone in the organisation (a member) the call can act on without touching the roles' people. */
async function bystander(w: MatrixWorld) {
  const person = await signUpUser(w.t, "bystander");
  await addMember(w.t, w.organization, person, "member");
  return person;
}

/** A workspace of the organisation with the roles' access as on the shared one (the viewer read-only). */
async function freshWorkspace(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ workspace: { id: string } }>(w, mutation("createWorkspace", "workspace { id }"), {
    input: { gantryOrganizationId: w.organization, name: `Matrix ${randomUUID().slice(0, 8)}` },
  });
  await arrange(w, mutation("updateWorkspaceGantryUserRole", "workspace { id }"), {
    input: { workspaceId: made.workspace.id, workspaceUserRoles: [{ gantryUserId: w.users.viewer.id, role: "READ" }] },
  });
  return made.workspace.id;
}

/** Nothing listens there; the app under test allows private addresses (GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES). */
const WEBHOOK_URL = "http://127.0.0.1:9/gantry";
/** Saved filters as the board saves them. */
const FILTERS = { filters: emptyFilters(""), filterLogic: "all" };

const madeUpId = (type: string) => encodeGlobalID(type, randomUUID());

export const CALLS: Record<string, CallMaker> = {
  // ---- Query ----
  "Query.analyticsEvents": () => ({ query: "{ analyticsEvents(first: 1) { totalCount } }" }),
  "Query.auditEvents": () => ({ query: "{ auditEvents(first: 1) { pageInfo { hasNextPage } } }" }),
  "Query.enterpriseLicense": () => ({ query: "{ enterpriseLicense { __typename } }" }),
  "Query.enterpriseSeats": () => ({ query: "{ enterpriseSeats(first: 1) { totalCount } }" }),
  "Query.instanceUsers": () => ({ query: "{ instanceUsers(first: 1) { totalCount } }" }),
  "Query.isGantryOrganizationInviteValid": () => ({
    query: "query ($token: String!) { isGantryOrganizationInviteValid(token: $token) }",
    variables: { token: "not-a-token" },
  }),
  "Query.issueByInfo": (w) => ({
    query: "query ($n: Int!, $r: ID) { issueByInfo(issueNumber: $n, repositoryId: $r) { id title } }",
    variables: { n: w.issue.number, r: w.repository.id },
  }),
  "Query.issueConnections": (w) => ({
    query:
      "query ($w: ID!, $ids: [ID!]!) { issueConnections(workspaceId: $w, issueIds: $ids, first: 5) { totalCount } }",
    variables: { w: w.workspace, ids: [w.issue.id] },
  }),
  "Query.issues": (w) => ({
    query: "query ($ids: [ID!]!) { issues(ids: $ids) { id title } }",
    variables: { ids: [w.issue.id] },
  }),
  "Query.milestoneByRepoGhIdAndNumber": async (w) => {
    const issue = await gitHubIssue(w);
    const [row] = await w.t.database.db
      .update(tables.issues)
      .set({ milestone: { number: 7, title: "Matrix GitHub milestone" } })
      .where(eq(tables.issues.id, decodeGlobalID(issue).id))
      .returning({ repositoryId: tables.issues.repositoryId });
    const [repository] = await w.t.database.db
      .select({ ghId: tables.repositories.ghId })
      .from(tables.repositories)
      .where(eq(tables.repositories.id, row?.repositoryId ?? ""));
    return {
      query:
        "query ($r: Int!, $n: Int!) { milestoneByRepoGhIdAndNumber(repositoryGhId: $r, milestoneNumber: $n) { number title } }",
      variables: { r: Number(repository?.ghId), n: 7 },
    };
  },
  "Query.node": (w) => ({
    query: "query ($id: ID!) { node(id: $id) { ... on Issue { id title } } }",
    variables: { id: w.issue.id },
  }),
  "Query.nodes": (w) => ({
    query: "query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Workspace { id name } } }",
    variables: { ids: [w.workspace] },
  }),
  "Query.repositoriesByGhId": () => ({ query: "{ repositoriesByGhId(ghIds: [1]) { id } }" }),
  "Query.zenhubWorkspacesForKey": () => ({
    query: "query ($key: String!) { zenhubWorkspacesForKey(apiKey: $key) { __typename } }",
    variables: { key: "short" },
  }),
  "Query.repositoryIssue": (w) => ({
    query:
      "query ($o: String!, $r: String!, $n: Int!) { repositoryIssue(repositoryOwner: $o, repositoryName: $r, issueNumber: $n) { id title } }",
    variables: { o: w.repository.ownerName, r: w.repository.name, n: w.issue.number },
  }),
  "Query.searchClosedIssues": (w) => ({
    query: "query ($ws: ID!) { searchClosedIssues(workspaceId: $ws, first: 5) { totalCount } }",
    variables: { ws: w.workspace },
  }),
  "Query.searchIssues": (w) => ({
    query: "query ($ws: ID!) { searchIssues(workspaceId: $ws, first: 5) { totalCount } }",
    variables: { ws: w.workspace },
  }),
  "Query.searchIssuesByGantryEpics": (w) => ({
    query: "query ($ids: [ID!]!) { searchIssuesByGantryEpics(gantryEpicIds: $ids, first: 5) { totalCount } }",
    variables: { ids: [w.gantryEpic] },
  }),
  "Query.searchIssuesByPipeline": (w) => ({
    query: "query ($p: ID!) { searchIssuesByPipeline(pipelineId: $p, first: 5) { totalCount } }",
    variables: { p: w.pipelines[0] },
  }),
  "Query.suggestedLabels": (w) => ({
    query: "query ($i: ID!, $ws: ID!) { suggestedLabels(issueId: $i, workspaceId: $ws) { __typename } }",
    variables: { i: w.issue.id, ws: w.workspace },
  }),
  "Query.suggestedLabelsForDraft": (w) => ({
    query: 'query ($ws: ID!) { suggestedLabelsForDraft(workspaceId: $ws, title: "Crash on save") { __typename } }',
    variables: { ws: w.workspace },
  }),
  "Query.validateWorkspaceName": (w) => ({
    query: 'query ($o: ID!) { validateWorkspaceName(gantryOrganizationId: $o, name: "Matrix name check") }',
    variables: { o: w.organization },
  }),
  "Query.version": () => ({ query: "{ version }" }),
  "Query.viewer": () => ({ query: "{ viewer { id } }" }),
  "Query.workspace": (w) => ({
    query: "query ($id: ID!) { workspace(id: $id) { id name } }",
    variables: { id: w.workspace },
  }),
  "Query.workspaceIssue": (w) => ({
    query: "query ($ws: ID!, $n: Int!) { workspaceIssue(workspaceId: $ws, issueNumber: $n) { id title } }",
    variables: { ws: w.workspace, n: w.issue.number },
  }),

  // ---- Mutation ----
  "Mutation.acceptGantryOrganizationInvite": async (w, role) => {
    // An invitation to an organisation of its own, so accepting it changes no role of the shared one.
    const host = await signUpUser(w.t, "host");
    const organization = await createOrganization(w.t, host);
    const invited = field<{ token: string }>(
      await gql(w.t, host.token, mutation("createGantryOrganizationInvite", "token"), {
        input: {
          gantryOrganizationId: organization,
          // Sent to the caller: an invitation is accepted by the address it was sent to.
          email: role === "anonymous" ? "nobody@acme.test" : w.users[role].email,
        },
      }),
      "createGantryOrganizationInvite",
    );
    return { query: mutation("acceptGantryOrganizationInvite"), variables: { input: { token: invited.token } } };
  },
  "Mutation.addAssigneesToIssues": (w) => ({
    query: mutation("addAssigneesToIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], assigneeLogins: [w.assignee] } },
  }),
  "Mutation.addEstimateSetValue": (w) => ({
    query: mutation("addEstimateSetValue"),
    variables: { input: { workspaceId: w.workspace, value: 40 + Math.floor(Math.random() * 1000) } },
  }),
  "Mutation.addIssuesToEpics": (w) => ({
    query: mutation("addIssuesToEpics", BULK),
    variables: { input: { epicIds: [w.epic], issueIds: [w.issue.id] } },
  }),
  "Mutation.addIssuesToGantryEpics": (w) => ({
    query: mutation("addIssuesToGantryEpics", BULK),
    variables: { input: { gantryEpicIds: [w.gantryEpic], issueIds: [w.issue.id] } },
  }),
  "Mutation.addIssuesToReleases": (w) => ({
    query: mutation("addIssuesToReleases", BULK),
    variables: { input: { releaseIds: [w.release], issueIds: [w.issue.id] } },
  }),
  "Mutation.addIssuesToSprints": (w) => ({
    query: mutation("addIssuesToSprints", BULK),
    variables: { input: { sprintIds: [w.sprint], issueIds: [w.issue.id] } },
  }),
  "Mutation.addLabelsToIssues": (w) => ({
    query: mutation("addLabelsToIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], labelInfos: [{ name: "matrix" }] } },
  }),
  "Mutation.addRepositoryToWorkspace": (w) => ({
    query: mutation("addRepositoryToWorkspace"),
    variables: { input: { workspaceId: w.workspace, repositoryGhId: "123456" } },
  }),
  "Mutation.addSubIssues": async (w) => ({
    query: mutation("addSubIssues", BULK),
    variables: { input: { parentId: w.issue.id, childIssueIds: [(await nativeIssue(w, "Child")).id] } },
  }),
  "Mutation.analyticsAlias": () => ({ query: mutation("analyticsAlias"), variables: { input: { alias: "matrix" } } }),
  "Mutation.analyticsIncrementUserProperties": () => ({
    query: mutation("analyticsIncrementUserProperties"),
    variables: { input: { properties: { visits: 1 } } },
  }),
  "Mutation.analyticsTrackEvent": () => ({
    query: mutation("analyticsTrackEvent"),
    variables: { input: { event: "matrix_event" } },
  }),
  "Mutation.analyticsUpdateUserProperties": () => ({
    query: mutation("analyticsUpdateUserProperties"),
    variables: { input: { properties: { plan: "matrix" } } },
  }),
  "Mutation.approveAccessRequest": async (w) => ({
    query: mutation("approveAccessRequest"),
    variables: { input: { accessRequestId: await accessRequest(w) } },
  }),
  "Mutation.approveEnterpriseSeat": () => ({
    query: mutation("approveEnterpriseSeat"),
    variables: { input: { enterpriseSeatId: madeUpId("EnterpriseSeat") } },
  }),
  "Mutation.closeIssues": async (w) => ({
    query: mutation("closeIssues", BULK),
    variables: { input: { issueIds: [(await nativeIssue(w)).id] } },
  }),
  "Mutation.createApiKey": () => ({ query: mutation("createApiKey"), variables: { input: { name: "matrix key" } } }),
  "Mutation.createBlockage": async (w) => ({
    query: mutation("createBlockage"),
    variables: {
      input: {
        workspaceId: w.workspace,
        blocking: { id: w.issue.id, type: "ISSUE" },
        blocked: { id: (await nativeIssue(w, "Blocked")).id, type: "ISSUE" },
      },
    },
  }),
  "Mutation.createComment": (w) => ({
    query: mutation("createComment"),
    variables: { input: { commentableId: w.issue.id, body: "A comment" } },
  }),
  "Mutation.createEpicFromIssue": async (w) => ({
    query: mutation("createEpicFromIssue"),
    variables: { input: { issueId: await gitHubIssue(w) } },
  }),
  "Mutation.createGantryEpic": (w) => ({
    query: mutation("createGantryEpic"),
    variables: { input: { workspaceId: w.workspace, gantryEpic: { title: "Epic" } } },
  }),
  "Mutation.createGantryLabel": (w) => ({
    query: mutation("createGantryLabel"),
    variables: {
      input: { gantryOrganizationId: w.organization, name: `Matrix ${randomUUID().slice(0, 8)}`, color: "1f75cb" },
    },
  }),
  "Mutation.createGantryOrganization": () => ({
    query: mutation("createGantryOrganization"),
    variables: { input: { name: `Matrix org ${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.createGantryOrganizationInvite": (w) => ({
    query: mutation("createGantryOrganizationInvite", "token"),
    variables: { input: { gantryOrganizationId: w.organization, email: `new-${randomUUID().slice(0, 8)}@acme.test` } },
  }),
  "Mutation.createGitHubRepository": () => ({
    query: mutation("createGitHubRepository"),
    variables: { input: { name: "matrix", private: true } },
  }),
  "Mutation.createIssue": (w) => ({
    query: mutation("createIssue"),
    variables: { input: { repositoryId: w.repository.id, title: "New" } },
  }),
  "Mutation.createMilestone": (w) => ({
    query: mutation("createMilestone"),
    variables: { input: { repositoryId: w.repository.id, title: `M ${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.createOutboundWebhook": (w) => ({
    query: mutation("createOutboundWebhook"),
    variables: {
      input: { workspaceId: w.workspace, url: WEBHOOK_URL, secret: "matrix-secret", events: ["ISSUE_TRANSFER"] },
    },
  }),
  "Mutation.createPipeline": (w) => ({
    query: mutation("createPipeline"),
    variables: { input: { workspaceId: w.workspace, name: `P ${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.createPriority": (w) => ({
    query: mutation("createPriority"),
    variables: { input: { workspaceId: w.workspace, name: `Pr ${randomUUID().slice(0, 8)}`, color: "#ff0000" } },
  }),
  "Mutation.createRelease": (w) => ({
    query: mutation("createRelease"),
    variables: { input: { workspaceId: w.workspace, release: { title: "Release" } } },
  }),
  "Mutation.createSavedView": (w) => ({
    query: mutation("createSavedView"),
    variables: { input: { workspaceId: w.workspace, name: `V ${randomUUID().slice(0, 8)}`, filters: FILTERS } },
  }),
  "Mutation.createSprintConfig": async (w) => ({
    query: mutation("createSprintConfig"),
    variables: { input: { sprintConfig: weeklySprintConfig(await freshWorkspace(w)) } },
  }),
  "Mutation.createWorkspace": (w) => ({
    query: mutation("createWorkspace"),
    variables: { input: { gantryOrganizationId: w.organization, name: `W ${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.declineAccessRequest": async (w) => ({
    query: mutation("declineAccessRequest"),
    variables: { input: { accessRequestId: await accessRequest(w) } },
  }),
  "Mutation.declineEnterpriseSeat": () => ({
    query: mutation("declineEnterpriseSeat"),
    variables: { input: { enterpriseSeatId: madeUpId("EnterpriseSeat") } },
  }),
  "Mutation.deleteBlockage": async (w) => {
    const blocked = { id: (await nativeIssue(w, "Blocked")).id, type: "ISSUE" };
    const blocking = { id: w.issue.id, type: "ISSUE" };
    await arrange(w, mutation("createBlockage"), { input: { workspaceId: w.workspace, blocking, blocked } });
    return { query: mutation("deleteBlockage"), variables: { input: { workspaceId: w.workspace, blocking, blocked } } };
  },
  "Mutation.deleteGantryLabels": async (w) => {
    const name = `Matrix ${randomUUID().slice(0, 8)}`;
    await arrange(w, mutation("createGantryLabel"), {
      input: { gantryOrganizationId: w.organization, name, color: "#1f75cb" },
    });
    return {
      query: mutation("deleteGantryLabels", "gantryLabels { id }"),
      variables: { input: { gantryOrganizationId: w.organization, names: [name] } },
    };
  },
  "Mutation.deleteComment": async (w) => ({
    query: mutation("deleteComment"),
    variables: { input: { commentId: await comment(w) } },
  }),
  "Mutation.deleteGantryEpic": async (w) => ({
    query: mutation("deleteGantryEpic"),
    variables: { input: { gantryEpicId: await gantryEpic(w) } },
  }),
  "Mutation.deleteGantryIssue": async (w) => ({
    query: mutation("deleteGantryIssue"),
    variables: { input: { issueId: (await nativeIssue(w, "Doomed")).id } },
  }),
  "Mutation.deleteGantryOrganization": async (w) => {
    // An organisation of its own with the roles in it, as the shared one has them.
    const doomed = await createOrganization(w.t, w.users.owner);
    await addMember(w.t, doomed, w.users.admin, "admin");
    await addMember(w.t, doomed, w.users.member, "member");
    await addMember(w.t, doomed, w.users.viewer, "member");
    return { query: mutation("deleteGantryOrganization"), variables: { input: { gantryOrganizationId: doomed } } };
  },
  "Mutation.deleteGantryOrganizationInvite": async (w) => {
    const made = await arrange<{ invitation: { id: string } }>(
      w,
      mutation("createGantryOrganizationInvite", "invitation { id }"),
      { input: { gantryOrganizationId: w.organization, email: `gone-${randomUUID().slice(0, 8)}@acme.test` } },
    );
    return {
      query: mutation("deleteGantryOrganizationInvite"),
      variables: { input: { invitationId: made.invitation.id } },
    };
  },
  "Mutation.deleteOutboundWebhook": async (w) => {
    const made = await arrange<{ outboundWebhook: { id: string } }>(
      w,
      mutation("createOutboundWebhook", "outboundWebhook { id }"),
      {
        input: { workspaceId: w.workspace, url: WEBHOOK_URL, secret: "matrix-secret", events: ["ESTIMATE_SET"] },
      },
    );
    return {
      query: mutation("deleteOutboundWebhook"),
      variables: { input: { outboundWebhookId: made.outboundWebhook.id } },
    };
  },
  "Mutation.deletePipeline": async (w) => {
    const made = await arrange<{ pipeline: { id: string } }>(w, mutation("createPipeline", "pipeline { id }"), {
      input: { workspaceId: w.workspace, name: `Gone ${randomUUID().slice(0, 8)}` },
    });
    return {
      query: mutation("deletePipeline"),
      variables: { input: { pipelineId: made.pipeline.id, destinationPipelineId: w.pipelines[0] } },
    };
  },
  "Mutation.deletePriority": async (w) => {
    const made = await arrange<{ priority: { id: string } }>(w, mutation("createPriority", "priority { id }"), {
      input: { workspaceId: w.workspace, name: `Gone ${randomUUID().slice(0, 8)}`, color: "#00ff00" },
    });
    return { query: mutation("deletePriority"), variables: { input: { priorityId: made.priority.id } } };
  },
  "Mutation.deleteRelease": async (w) => {
    const made = await arrange<{ release: { id: string } }>(w, mutation("createRelease", "release { id }"), {
      input: { workspaceId: w.workspace, release: { title: "Gone" } },
    });
    return { query: mutation("deleteRelease"), variables: { input: { releaseId: made.release.id } } };
  },
  "Mutation.deleteSavedView": async (w) => ({
    query: mutation("deleteSavedView"),
    variables: { input: { savedViewId: await savedView(w) } },
  }),
  "Mutation.deleteSprintConfigAndOpenSprints": async (w) => {
    const workspaceId = await freshWorkspace(w);
    await arrange(w, mutation("createSprintConfig"), { input: { sprintConfig: weeklySprintConfig(workspaceId) } });
    return { query: mutation("deleteSprintConfigAndOpenSprints"), variables: { input: { workspaceId } } };
  },
  "Mutation.disconnectWorkspaceRepository": async (w) => {
    // A GitHub repository of its own, so a call that disconnects it leaves the matrix's repository connected.
    const ghId = 1_700_000_000 + Math.floor(Math.random() * 1e8);
    const [repository] = await w.t.database.db
      .insert(tables.repositories)
      .values({ ghId, ownerLogin: "matrix", name: `r${ghId}`, htmlUrl: `https://github.com/matrix/r${ghId}` })
      .returning({ id: tables.repositories.id });
    await w.t.database.db
      .insert(tables.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(w.workspace).id, repositoryId: repository?.id ?? "" });
    return {
      query: mutation("disconnectWorkspaceRepository", "workspace { id }"),
      variables: { input: { workspaceId: w.workspace, repositoryGhId: ghId } },
    };
  },
  "Mutation.deleteWorkspace": async (w) => ({
    query: mutation("deleteWorkspace"),
    variables: { input: { workspaceId: await freshWorkspace(w) } },
  }),
  "Mutation.dismissLabelSuggestion": (w) => ({
    query: mutation("dismissLabelSuggestion"),
    variables: { input: { issueId: w.issue.id, labelName: `l-${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.grantEnterpriseSeat": (w) => ({
    query: mutation("grantEnterpriseSeat"),
    variables: { input: { gantryUserId: w.users.member.id } },
  }),
  "Mutation.inviteToEstimate": (w) => ({
    query: mutation("inviteToEstimate"),
    variables: { input: { workspaceId: w.workspace, issueIds: [w.issue.id], gantryUserIds: [w.users.owner.id] } },
  }),
  "Mutation.moveIssue": (w) => ({
    query: mutation("moveIssue"),
    variables: { input: { workspaceId: w.workspace, issueId: w.issue.id, pipelineId: w.pipelines[1], position: 0 } },
  }),
  "Mutation.movePipelineIssues": (w) => ({
    query: mutation("movePipelineIssues", BULK),
    variables: { input: { workspaceId: w.workspace, issueIds: [w.issue.id], pipelineId: w.pipelines[0] } },
  }),
  "Mutation.moveStrategicIssue": async (w) => ({
    query: mutation("moveStrategicIssue"),
    variables: {
      input: {
        gantryOrganizationId: w.organization,
        issueId: (await nativeIssue(w, "Strategic A")).id,
        targetIssueId: (await nativeIssue(w, "Strategic B")).id,
        instruction: "REORDER_ABOVE",
      },
    },
  }),
  "Mutation.reconcileRepository": (w) => ({
    query: mutation("reconcileRepository"),
    variables: { input: { repositoryId: w.repository.id } },
  }),
  "Mutation.redeliverOutboundWebhookDelivery": () => ({
    query: mutation("redeliverOutboundWebhookDelivery"),
    variables: { input: { deliveryId: madeUpId("OutboundWebhookDelivery") } },
  }),
  "Mutation.removeAssigneesFromIssues": (w) => ({
    query: mutation("removeAssigneesFromIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], assigneeLogins: [w.assignee] } },
  }),
  "Mutation.removeEstimateSetValue": async (w) => {
    const value = 2000 + Math.floor(Math.random() * 1000);
    await arrange(w, mutation("addEstimateSetValue"), { input: { workspaceId: w.workspace, value } });
    return { query: mutation("removeEstimateSetValue"), variables: { input: { workspaceId: w.workspace, value } } };
  },
  "Mutation.removeEstimationVote": async (w) => ({
    query: mutation("removeEstimationVote"),
    variables: { input: { estimationVoteId: await estimationVote(w, w.users.owner) } },
  }),
  "Mutation.removeGantryUsersFromWorkspace": async (w) => ({
    query: mutation("removeGantryUsersFromWorkspace"),
    variables: { input: { workspaceId: w.workspace, gantryUserIds: [(await bystander(w)).id] } },
  }),
  "Mutation.removeIssueInfoPriorities": (w) => ({
    query: mutation("removeIssueInfoPriorities"),
    variables: {
      input: { workspaceId: w.workspace, issues: [{ issueNumber: w.issue.number, repositoryId: w.repository.id }] },
    },
  }),
  "Mutation.removeIssuesFromEpics": (w) => ({
    query: mutation("removeIssuesFromEpics", BULK),
    variables: { input: { epicIds: [w.epic], issueIds: [w.issue.id] } },
  }),
  "Mutation.removeIssuesFromGantryEpics": (w) => ({
    query: mutation("removeIssuesFromGantryEpics", BULK),
    variables: { input: { gantryEpicIds: [w.gantryEpic], issueIds: [w.issue.id] } },
  }),
  "Mutation.removeIssuesFromReleases": (w) => ({
    query: mutation("removeIssuesFromReleases", BULK),
    variables: { input: { releaseIds: [w.release], issueIds: [w.issue.id] } },
  }),
  "Mutation.removeIssuesFromSprints": (w) => ({
    query: mutation("removeIssuesFromSprints", BULK),
    variables: { input: { sprintIds: [w.sprint], issueIds: [w.issue.id] } },
  }),
  "Mutation.removeLabelsFromIssues": (w) => ({
    query: mutation("removeLabelsFromIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], labelInfos: [{ name: "matrix" }] } },
  }),
  "Mutation.removeSubIssues": async (w) => {
    const child = (await nativeIssue(w, "Child")).id;
    await arrange(w, mutation("addSubIssues", BULK), { input: { parentId: w.issue.id, childIssueIds: [child] } });
    return { query: mutation("removeSubIssues", BULK), variables: { input: { childIssueIds: [child] } } };
  },
  "Mutation.removeUserFromGantryOrganization": async (w) => ({
    query: mutation("removeUserFromGantryOrganization"),
    variables: { input: { gantryOrganizationId: w.organization, gantryUserId: (await bystander(w)).id } },
  }),
  "Mutation.reopenIssues": async (w) => {
    const issue = await nativeIssue(w, "Closed");
    await arrange(w, mutation("closeIssues", BULK), { input: { issueIds: [issue.id] } });
    return { query: mutation("reopenIssues", BULK), variables: { input: { issueIds: [issue.id] } } };
  },
  "Mutation.requestEnterpriseSeat": () => ({ query: mutation("requestEnterpriseSeat"), variables: { input: {} } }),
  "Mutation.requestGantryOrganizationAccess": async (w) => ({
    // An organisation none of the roles is in.
    query: mutation("requestGantryOrganizationAccess"),
    variables: { input: { gantryOrganizationId: await createOrganization(w.t, await signUpUser(w.t, "host")) } },
  }),
  "Mutation.revokeApiKey": async (w) => {
    // A person may hold five keys: the owner's keys left by earlier (refused) calls go first.
    const { apiKeys } = await arrange<{ apiKeys: { id: string }[] }>(w, "{ viewer { apiKeys { id } } }");
    for (const key of apiKeys) await arrange(w, mutation("revokeApiKey"), { input: { apiKeyId: key.id } });
    const made = await arrange<{ apiKey: { id: string } }>(w, mutation("createApiKey", "apiKey { id }"), {
      input: { name: "Revoked" },
    });
    return { query: mutation("revokeApiKey"), variables: { input: { apiKeyId: made.apiKey.id } } };
  },
  "Mutation.setEstimate": (w) => ({
    query: mutation("setEstimate"),
    variables: { input: { issueId: w.issue.id, value: 3 } },
  }),
  "Mutation.setEstimationVote": async (w) => ({
    query: mutation("setEstimationVote"),
    variables: { input: { estimationVoteId: await estimationVote(w, w.users.owner), value: 5 } },
  }),
  "Mutation.setFeatureFlag": () => ({
    query: mutation("setFeatureFlag"),
    variables: { input: { flag: "matrix", enabled: true } },
  }),
  "Mutation.setGantryOrganizationAiEnabled": (w) => ({
    query: mutation("setGantryOrganizationAiEnabled"),
    // On, as it stays for the AI reads (suggestedLabels, suggestAcceptanceCriteria).
    variables: { input: { gantryOrganizationId: w.organization, aiEnabled: true } },
  }),
  "Mutation.setIssueInfoPriorities": (w) => ({
    query: mutation("setIssueInfoPriorities"),
    variables: {
      input: { priorityId: w.priority, issues: [{ issueNumber: w.issue.number, repositoryId: w.repository.id }] },
    },
  }),
  "Mutation.setIssuesMilestone": (w) => ({
    query: mutation("setIssuesMilestone", BULK),
    variables: { input: { issueIds: [w.issue.id], milestoneNumber: w.milestoneNumber } },
  }),
  "Mutation.setMultipleEstimates": (w) => ({
    query: mutation("setMultipleEstimates", BULK),
    variables: { input: { issueIds: [w.issue.id], value: 2 } },
  }),
  "Mutation.setIssuesType": (w) => ({
    query: mutation("setIssuesType", BULK),
    variables: { input: { issueIds: [w.issue.id], name: "Bug" } },
  }),
  "Mutation.startZenhubImport": (w) => ({
    query: mutation("startZenhubImport", "zenhubImport { id }"),
    variables: { input: { workspaceId: w.workspace, apiKey: "zh_matrix_key", zenhubWorkspaceId: "zh-workspace" } },
  }),
  "Mutation.setUserSetting": () => ({
    query: mutation("setUserSetting"),
    variables: { input: { name: "gantry_welcome", value: true } },
  }),
  "Mutation.setWorkspaceViewedNow": (w) => ({
    query: mutation("setWorkspaceViewedNow"),
    variables: { input: { workspaceId: w.workspace } },
  }),
  "Mutation.trackEnterpriseSeatUsage": () => ({
    query: mutation("trackEnterpriseSeatUsage"),
    variables: { input: {} },
  }),
  "Mutation.updateComment": async (w) => ({
    query: mutation("updateComment"),
    variables: { input: { commentId: await comment(w), body: "Edited" } },
  }),
  "Mutation.updateEpicDates": (w) => ({
    query: mutation("updateEpicDates"),
    variables: { input: { epicId: w.epic, startOn: "2026-12-01", endOn: "2026-12-31" } },
  }),
  "Mutation.addAssigneesToGantryEpics": (w) => ({
    query: mutation("addAssigneesToGantryEpics"),
    variables: { input: { gantryEpicIds: [w.gantryEpic], assigneeIds: [w.users.member.id] } },
  }),
  "Mutation.removeAssigneesFromGantryEpics": (w) => ({
    query: mutation("removeAssigneesFromGantryEpics"),
    variables: { input: { gantryEpicIds: [w.gantryEpic], assigneeIds: [w.users.member.id] } },
  }),
  "Mutation.addGantryLabelsToGantryEpics": (w) => ({
    query: mutation("addGantryLabelsToGantryEpics"),
    variables: { input: { gantryEpicIds: [w.gantryEpic], labelInfos: [{ name: "matrix", color: "#1f75cb" }] } },
  }),
  "Mutation.removeGantryLabelsFromGantryEpics": (w) => ({
    query: mutation("removeGantryLabelsFromGantryEpics"),
    variables: { input: { gantryEpicIds: [w.gantryEpic], labelInfos: [{ name: "matrix" }] } },
  }),
  "Mutation.addGantryLabelsToIssues": async (w) => ({
    query: mutation("addGantryLabelsToIssues"),
    variables: { input: { issueIds: [w.issue.id], gantryLabelIds: [await gantryLabel(w)] } },
  }),
  "Mutation.removeGantryLabelsFromIssues": async (w) => ({
    query: mutation("removeGantryLabelsFromIssues"),
    variables: { input: { issueIds: [w.issue.id], gantryLabelIds: [await gantryLabel(w)] } },
  }),
  "Mutation.updateGantryEpic": (w) => ({
    query: mutation("updateGantryEpic"),
    variables: { input: { gantryEpicId: w.gantryEpic, title: "Renamed epic" } },
  }),
  "Mutation.updateGantryEpicDates": (w) => ({
    query: mutation("updateGantryEpicDates"),
    variables: { input: { gantryEpicId: w.gantryEpic, startOn: "2026-12-01", endOn: "2026-12-31" } },
  }),
  "Mutation.updateGantryEpicState": (w) => ({
    query: mutation("updateGantryEpicState"),
    variables: { input: { gantryEpicId: w.gantryEpic, state: "OPEN" } },
  }),
  "Mutation.updateGantryOrganization": (w) => ({
    query: mutation("updateGantryOrganization"),
    variables: { input: { gantryOrganizationId: w.organization, name: "Acme" } },
  }),
  "Mutation.updateGantryOrganizationUserRole": async (w) => ({
    query: mutation("updateGantryOrganizationUserRole"),
    variables: {
      input: { gantryOrganizationId: w.organization, gantryUserId: (await bystander(w)).id, role: "ADMIN" },
    },
  }),
  "Mutation.updateIssue": (w) => ({
    query: mutation("updateIssue"),
    variables: { input: { issueId: w.issue.id, title: "Matrix issue, edited" } },
  }),
  "Mutation.updatePipeline": (w) => ({
    query: mutation("updatePipeline"),
    variables: { input: { pipelineId: w.pipelines[1], description: "Edited" } },
  }),
  "Mutation.updatePriority": (w) => ({
    query: mutation("updatePriority"),
    variables: { input: { priorityId: w.priority, color: "#0000ff" } },
  }),
  "Mutation.updateRelease": (w) => ({
    query: mutation("updateRelease"),
    variables: { input: { releaseId: w.release, release: { description: "Edited" } } },
  }),
  "Mutation.updateSavedView": async (w) => ({
    query: mutation("updateSavedView"),
    variables: { input: { savedViewId: await savedView(w), name: `Renamed ${randomUUID().slice(0, 8)}` } },
  }),
  "Mutation.updateSprint": (w) => ({
    query: mutation("updateSprint"),
    variables: { input: { sprintId: w.sprint, description: "Edited" } },
  }),
  "Mutation.updateSprintConfig": (w) => ({
    query: mutation("updateSprintConfig"),
    variables: { input: { sprintConfig: { ...weeklySprintConfig(w.workspace), name: "Iteration" } } },
  }),
  "Mutation.updateWorkspace": (w) => ({
    query: mutation("updateWorkspace"),
    variables: { input: { workspaceId: w.workspace, name: "Matrix workspace" } },
  }),
  "Mutation.updateWorkspaceGantryUserRole": async (w) => ({
    query: mutation("updateWorkspaceGantryUserRole"),
    variables: {
      input: {
        workspaceId: w.workspace,
        workspaceUserRoles: [{ gantryUserId: (await bystander(w)).id, role: "READ" }],
      },
    },
  }),

  // ---- The reference's mutations served by decision 0080 ----
  "Mutation.addGantryUsersToWorkspace": async (w) => ({
    query: mutation("addGantryUsersToWorkspace", "workspace { id }"),
    variables: { input: { workspaceId: w.workspace, gantryUserIds: [(await bystander(w)).id] } },
  }),
  "Mutation.addRepositoriesToRelease": async (w) => ({
    query: mutation("addRepositoriesToRelease", "release { id }"),
    variables: { input: { releaseId: w.release, repositoryGhIds: [await gitHubRepositoryGhId(w)] } },
  }),
  "Mutation.changeIssueTypeOfIssues": (w) => ({
    query: mutation("changeIssueTypeOfIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], removeIssueType: true } },
  }),
  "Mutation.createEpic": (w) => ({
    query: mutation("createEpic", "epic { id }"),
    variables: {
      input: { issue: { repositoryId: encodeGlobalID("Repository", w.gitHubRepositoryId), title: "Matrix epic" } },
    },
  }),
  "Mutation.createIssueDependency": async (w) => ({
    query: mutation("createIssueDependency", "issueDependency { id }"),
    variables: {
      input: {
        blockingIssue: { repositoryId: w.repository.id, issueNumber: w.issue.number },
        blockedIssue: { repositoryId: w.repository.id, issueNumber: (await nativeIssue(w, "Blocked")).number },
      },
    },
  }),
  "Mutation.createIssuePrConnection": async (w) => ({
    query: mutation("createIssuePrConnection", "issue { id }"),
    variables: { input: { issueId: await gitHubIssue(w), pullRequestId: (await gitHubItem(w, true)).id } },
  }),
  "Mutation.deleteEpicByIssueInfo": async (w) => ({
    query: mutation("deleteEpicByIssueInfo", "epic { id }"),
    variables: { input: { issue: (await gitHubEpicInfo(w)).info } },
  }),
  "Mutation.deleteGantryOrganizationInvites": async (w) => {
    const made = await arrange<{ invitation: { id: string } }>(
      w,
      mutation("createGantryOrganizationInvite", "invitation { id }"),
      { input: { gantryOrganizationId: w.organization, email: `gone-${randomUUID().slice(0, 8)}@acme.test` } },
    );
    return {
      query: mutation("deleteGantryOrganizationInvites", "success"),
      variables: { input: { gantryOrganizationInviteIds: [made.invitation.id] } },
    };
  },
  "Mutation.deleteIssueDependency": async (w) => {
    const blocked = await nativeIssue(w, "Blocked");
    const input = {
      blockingIssue: { repositoryId: w.repository.id, issueNumber: w.issue.number },
      blockedIssue: { repositoryId: w.repository.id, issueNumber: blocked.number },
    };
    await arrange(w, mutation("createIssueDependency", "issueDependency { id }"), { input });
    return { query: mutation("deleteIssueDependency", "issueDependency { id }"), variables: { input } };
  },
  "Mutation.deleteIssuePrConnection": async (w) => {
    const input = { issueId: await gitHubIssue(w), pullRequestId: (await gitHubItem(w, true)).id };
    await arrange(w, mutation("createIssuePrConnection", "issue { id }"), { input });
    return { query: mutation("deleteIssuePrConnection", "issue { id }"), variables: { input } };
  },
  "Mutation.leaveGantryOrganization": async (w) => {
    // An organisation of its own with the roles in it, and a second owner so its owner may leave too.
    const left = await createOrganization(w.t, w.users.owner);
    await addMember(w.t, left, w.users.admin, "admin");
    await addMember(w.t, left, w.users.member, "member");
    await addMember(w.t, left, w.users.viewer, "member");
    await addMember(w.t, left, await signUpUser(w.t, "co-owner"), "owner");
    return {
      query: mutation("leaveGantryOrganization", "gantryOrganization { id }"),
      variables: { input: { gantryOrganizationId: left } },
    };
  },
  "Mutation.moveAllPipelineIssues": (w) => ({
    query: mutation("moveAllPipelineIssues", "workspace { id }"),
    variables: { input: { pipelineIds: [w.pipelines[2]], destinationPipelineId: w.pipelines[1] } },
  }),
  "Mutation.moveIssueRelativeTo": (w) => ({
    query: mutation("moveIssueRelativeTo", "pipelineIssueMove { movedAt }"),
    variables: { input: { issueId: w.issue.id, pipelineId: w.pipelines[1], position: "START" } },
  }),
  "Mutation.addMilestoneToIssues": async (w) => ({
    query: mutation("addMilestoneToIssues", BULK),
    variables: { input: { issueIds: [w.issue.id], milestoneId: await matrixMilestone(w) } },
  }),
  "Mutation.updateMilestone": async (w) => ({
    query: mutation("updateMilestone", "milestone { id }"),
    variables: { input: { milestoneId: await matrixMilestone(w), description: "Changed" } },
  }),
  "Mutation.deleteMilestone": async (w) => ({
    query: mutation("deleteMilestone", "milestone { id }"),
    variables: { input: { milestoneId: await matrixMilestone(w) } },
  }),
  "Mutation.setMilestoneStartDate": async (w) => ({
    query: mutation("setMilestoneStartDate", "milestone { id }"),
    variables: { input: { milestoneId: await matrixMilestone(w), startDate: "2027-01-01T00:00:00Z" } },
  }),
  "Mutation.removeMilestoneToIssues": (w) => ({
    query: mutation("removeMilestoneToIssues", BULK),
    variables: { input: { issueIds: [w.issue.id] } },
  }),
  "Mutation.removeRepositoriesFromRelease": async (w) => {
    const input = { releaseId: w.release, repositoryGhIds: [await gitHubRepositoryGhId(w)] };
    await arrange(w, mutation("addRepositoriesToRelease", "release { id }"), { input });
    return { query: mutation("removeRepositoriesFromRelease", "release { id }"), variables: { input } };
  },
  "Mutation.reprioritizeSubIssue": async (w) => {
    const [parent, first, second] = [
      await nativeIssue(w, "Parent"),
      await nativeIssue(w, "A"),
      await nativeIssue(w, "B"),
    ];
    await arrange(w, mutation("addSubIssues", BULK), {
      input: { parentId: parent.id, childIssueIds: [first.id, second.id] },
    });
    return {
      query: mutation("reprioritizeSubIssue", "success"),
      variables: { input: { parentId: parent.id, childIssueId: first.id, afterId: second.id } },
    };
  },
  "Mutation.setPriorityOnPipelineIssues": async (w) => {
    const issue = await arrange<{ pipelineIssue: { id: string } }>(
      w,
      "query ($id: ID!, $ws: ID!) { node(id: $id) { ... on Issue { pipelineIssue(workspaceId: $ws) { id } } } }",
      { id: w.issue.id, ws: w.workspace },
    );
    return {
      query: mutation("setPriorityOnPipelineIssues", "pipelineIssues { id }"),
      variables: { input: { priorityId: w.priority, pipelineIssueIds: [issue.pipelineIssue.id] } },
    };
  },
  "Mutation.updateEpicIssuesByIssueInfos": async (w) => {
    const epic = await gitHubEpicInfo(w);
    const joining = await gitHubItem(w);
    return {
      query: mutation("updateEpicIssuesByIssueInfos", "epic { id }"),
      variables: {
        input: {
          epic: epic.info,
          addIssues: [{ repositoryId: epic.info.repositoryId, issueNumber: joining.number }],
          removeIssues: [],
        },
      },
    };
  },

  // ---- Subscription ----
  "Subscription.boardEvents": (w) => ({
    query: "subscription ($ws: ID!) { boardEvents(workspaceId: $ws) { __typename } }",
    variables: { ws: w.workspace },
    subscription: {
      trigger: async () => {
        await arrange(w, mutation("moveIssue"), {
          input: { workspaceId: w.workspace, issueId: w.issue.id, pipelineId: w.pipelines[0], position: 0 },
        });
      },
    },
  }),
  "Subscription.suggestAcceptanceCriteria": (w) => ({
    query:
      'subscription ($ws: ID!) { suggestAcceptanceCriteria(input: { workspaceId: $ws, title: "Crash on save" }) { __typename } }',
    variables: { ws: w.workspace },
    subscription: {},
  }),
};

async function accessRequest(w: MatrixWorld): Promise<string> {
  const asker = await signUpUser(w.t, "asker");
  const made = field<{ accessRequest: { id: string } }>(
    await gql(w.t, asker.token, mutation("requestGantryOrganizationAccess", "accessRequest { id }"), {
      input: { gantryOrganizationId: w.organization },
    }),
    "requestGantryOrganizationAccess",
  );
  return made.accessRequest.id;
}

async function comment(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ comment: { id: string } }>(w, mutation("createComment", "comment { id }"), {
    input: { commentableId: w.issue.id, body: "The owner's comment" },
  });
  return made.comment.id;
}

async function gantryEpic(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ gantryEpic: { id: string } }>(w, mutation("createGantryEpic", "gantryEpic { id }"), {
    input: { workspaceId: w.workspace, gantryEpic: { title: "Gone" } },
  });
  return made.gantryEpic.id;
}

/** The workspace's "matrix" Gantry label, made by the owner through an epic. */
async function gantryLabel(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ gantryEpics: { labels: { id: string }[] }[] }>(
    w,
    mutation("addGantryLabelsToGantryEpics", "gantryEpics { labels { id } }"),
    { input: { gantryEpicIds: [w.gantryEpic], labelInfos: [{ name: "matrix-issue" }] } },
  );
  const id = made.gantryEpics[0]?.labels.find(() => true)?.id;
  if (!id) throw new Error("no label made");
  return id;
}

async function savedView(w: MatrixWorld): Promise<string> {
  const made = await arrange<{ savedView: { id: string } }>(w, mutation("createSavedView", "savedView { id }"), {
    input: { workspaceId: w.workspace, name: `Owner's ${randomUUID().slice(0, 8)}`, filters: FILTERS, isShared: true },
  });
  return made.savedView.id;
}

/** A vote asked of `voter` on a fresh issue. */
async function estimationVote(w: MatrixWorld, voter: TestUser): Promise<string> {
  const issue = await nativeIssue(w, "Estimate me");
  const made = await arrange<{ estimationVotes: { id: string }[] }>(
    w,
    mutation("inviteToEstimate", "estimationVotes { id }"),
    {
      input: { workspaceId: w.workspace, issueIds: [issue.id], gantryUserIds: [voter.id] },
    },
  );
  const id = made.estimationVotes[0]?.id;
  if (!id) throw new Error("no vote made");
  return id;
}
