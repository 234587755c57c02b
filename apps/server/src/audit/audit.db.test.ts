import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import {
  addMember,
  createOrganization,
  createWorkspace,
  errorOf,
  field,
  gql,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { enterpriseEnv, licenceFile } from "../testing/licence.js";
import { createAppWithInstanceAdmin } from "../testing/team.js";
import { recordAuditEvent } from "./record.js";

const ADMIN_EMAIL = "audit-admin@acme.test";
const PASSWORD = "Correct-horse-9";

const ORG_LOG = `query ($org: ID!, $first: Int, $after: String, $action: AuditAction) {
  node(id: $org) { ... on GantryOrganization { auditEvents(first: $first, after: $after, action: $action) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { action actor { gantryUserId email } target { type id label } ipAddress userAgent details }
  } } }
}`;
const INSTANCE_LOG = `query ($first: Int, $action: AuditAction) {
  auditEvents(first: $first, action: $action) {
    totalCount nodes { action occurredAt actor { gantryUserId email } target { type id label } ipAddress userAgent details }
  }
}`;
const SET_ROLE = `mutation ($org: ID!, $user: ID!, $role: GantryOrganizationRole!) {
  updateGantryOrganizationUserRole(input: { gantryOrganizationId: $org, gantryUserId: $user, role: $role }) { gantryOrganization { id } }
}`;

type LogNode = {
  action: string;
  actor: { gantryUserId: string | null; email: string | null } | null;
  target: { type: string; id: string; label: string | null } | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
};
type LogPage = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: LogNode[];
};

describe.each(testEngines())("audit log on %s", (engine) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, admin } = await createAppWithInstanceAdmin(
      engine,
      { email: ADMIN_EMAIL, label: "instance-admin" },
      // Requests come from 127.0.0.1 (inject's default), standing for a load balancer that adds the client's address.
      { TRUST_PROXY: "1" },
    ));
  });
  afterAll(() => t.close());

  /** The rows stored for one target, oldest first: what the database holds, not what the API shows. */
  const rowsFor = (targetId: string) =>
    t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.targetId, targetId))
      .orderBy(asc(schema.auditEvents.occurredAt), asc(schema.auditEvents.id));

  const orgLog = async (token: string, org: string, variables: Record<string, unknown> = {}) =>
    gql(t, token, ORG_LOG, { org, ...variables });

  async function orgWithMember() {
    const owner = await signUpUser(t, "owner");
    const member = await signUpUser(t, "member");
    const org = await createOrganization(t, owner);
    await addMember(t, org, member, "member");
    return { owner, member, org };
  }

  it("records a password sign-in with where it came from, and a failed one without the password", async () => {
    const user = await signUpUser(t, "signin");
    const headers = { "user-agent": "AuditTest/1.0", "x-forwarded-for": "203.0.113.7" };
    const wrong = "Wrong-horse-secret-42";
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: wrong },
      headers,
    });
    expect(refused.statusCode).toBe(401);
    const unknownEmail = `nobody-${Date.now()}@acme.test`;
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: unknownEmail, password: wrong },
      headers,
    });
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: PASSWORD },
      headers,
    });
    expect(ok.statusCode).toBe(200);
    const signout = await t.app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: { ...headers, authorization: `Bearer ${ok.json().token}` },
    });
    expect(signout.statusCode).toBe(204);

    const rows = await rowsFor(user.userId);
    expect(rows.map((row) => [row.action, row.actorUserId, row.details])).toEqual([
      ["signin.succeeded", user.userId, { method: "signup" }],
      ["signin.failed", user.userId, { method: "password", reason: "wrong_password" }],
      ["signin.succeeded", user.userId, { method: "password" }],
      ["signout", user.userId, {}],
    ]);
    expect(rows.slice(1).map((row) => [row.ipAddress, row.userAgent])).toEqual(
      Array(3).fill(["203.0.113.7", "AuditTest/1.0"]),
    );
    const [unknown] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.actorLabel, unknownEmail));
    expect(unknown).toMatchObject({
      action: "signin.failed",
      actorUserId: null,
      details: { reason: "unknown_address" },
    });

    // Neither the typed password nor any session token is anywhere in the log.
    const everything = JSON.stringify(await t.database.db.select().from(schema.auditEvents));
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(ok.json().token);

    // Instance admins read sign-ins of the whole install; others may not.
    const log = field<{ nodes: LogNode[] }>(
      await gql(t, admin.token, INSTANCE_LOG, { action: "SIGNIN_FAILED", first: 100 }),
      "auditEvents",
    );
    expect(log.nodes.find((node) => node.actor?.email === unknownEmail)).toMatchObject({
      action: "SIGNIN_FAILED",
      actor: { gantryUserId: null },
      target: null,
      ipAddress: "203.0.113.7",
    });
    expect(errorOf(await gql(t, user.token, INSTANCE_LOG)).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, null, INSTANCE_LOG)).code).toBe("UNAUTHENTICATED");
  });

  it("records a role change and a removal once, with actor and target; a refused change records nothing", async () => {
    const { owner, member, org } = await orgWithMember();
    expect(errorOf(await gql(t, member.token, SET_ROLE, { org, user: owner.id, role: "MEMBER" })).code).toBe(
      "FORBIDDEN",
    );
    expect(await rowsFor(owner.userId)).toHaveLength(1); // its sign-up only

    field(
      await gql(t, owner.token, SET_ROLE, { org, user: member.id, role: "ADMIN" }),
      "updateGantryOrganizationUserRole",
    );
    // Setting the role it already has changes nothing and records nothing.
    field(
      await gql(t, owner.token, SET_ROLE, { org, user: member.id, role: "ADMIN" }),
      "updateGantryOrganizationUserRole",
    );
    field(
      await gql(
        t,
        owner.token,
        `mutation ($org: ID!, $user: ID!) { removeUserFromGantryOrganization(input: { gantryOrganizationId: $org, gantryUserId: $user }) { gantryOrganizationId } }`,
        { org, user: member.id },
      ),
      "removeUserFromGantryOrganization",
    );

    const log = field<{ auditEvents: LogPage }>(await orgLog(owner.token, org), "node").auditEvents;
    expect(log.totalCount).toBe(2);
    expect(log.nodes).toEqual([
      expect.objectContaining({
        action: "ORGANIZATION_MEMBER_REMOVED",
        actor: { gantryUserId: owner.id, email: owner.email },
        target: { type: "user", id: member.userId, label: member.email },
        details: { role: "admin", left: false },
      }),
      expect.objectContaining({
        action: "ORGANIZATION_MEMBER_ROLE_CHANGED",
        actor: { gantryUserId: owner.id, email: owner.email },
        target: { type: "user", id: member.userId, label: member.email },
        details: { from: "member", to: "admin" },
      }),
    ]);
  });

  it("is read by owners and admins only: members, outsiders and other organisations' admins cannot", async () => {
    const { owner, member, org } = await orgWithMember();
    const orgAdmin = await signUpUser(t, "org-admin");
    await addMember(t, org, orgAdmin, "admin");
    field(
      await gql(t, owner.token, SET_ROLE, { org, user: member.id, role: "ADMIN" }),
      "updateGantryOrganizationUserRole",
    );

    expect(field<{ auditEvents: LogPage }>(await orgLog(orgAdmin.token, org), "node").auditEvents.totalCount).toBe(1);
    expect(errorOf(await orgLog(member.token, org)).code).toBeUndefined(); // made an admin above
    const viewerOnly = await signUpUser(t, "plain-member");
    await addMember(t, org, viewerOnly, "member");
    const refused = await orgLog(viewerOnly.token, org);
    expect(errorOf(refused)).toEqual({ code: "FORBIDDEN", message: "Only organization admins can do this." });

    const other = await orgWithMember();
    // Another organisation's owner cannot even load this organisation, so reads nothing of its log.
    const outside = await orgLog(other.owner.token, org);
    expect(outside.data?.node ?? null).toBeNull();
    expect(JSON.stringify(outside)).not.toContain("ORGANIZATION_MEMBER_ROLE_CHANGED");
    // And its own log does not hold this organisation's events.
    expect(
      field<{ auditEvents: LogPage }>(await orgLog(other.owner.token, other.org), "node").auditEvents.totalCount,
    ).toBe(0);
  });

  it("pages newest first with cursors, filters by action, and refuses pages over 100", async () => {
    const { owner, member, org } = await orgWithMember();
    for (const role of ["ADMIN", "MEMBER", "ADMIN", "MEMBER", "ADMIN"]) {
      field(await gql(t, owner.token, SET_ROLE, { org, user: member.id, role }), "updateGantryOrganizationUserRole");
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const log: LogPage = field<{ auditEvents: LogPage }>(
        await orgLog(owner.token, org, { first: 2, after }),
        "node",
      ).auditEvents;
      expect(log.totalCount).toBe(5);
      seen.push(...log.nodes.map((node) => String(node.details.to)));
      expect(log.pageInfo.hasNextPage).toBe(page < 2);
      after = log.pageInfo.endCursor;
    }
    // Newest first: the last change (to admin) leads.
    expect(seen).toEqual(["admin", "member", "admin", "member", "admin"]);

    const removed = field<{ auditEvents: LogPage }>(
      await orgLog(owner.token, org, { action: "ORGANIZATION_MEMBER_REMOVED" }),
      "node",
    ).auditEvents;
    expect(removed.totalCount).toBe(0);
    expect(errorOf(await orgLog(owner.token, org, { first: 101 })).code).toBe("BAD_USER_INPUT");
    expect(errorOf(await orgLog(owner.token, org, { after: "not-a-cursor" })).message).toMatch(
      /^`after` is not a cursor this API gave out/,
    );
  });

  it("records workspace role changes, pipeline, webhook, issue and workspace deletions in the organisation", async () => {
    const { owner, member, org } = await orgWithMember();
    const workspace = await createWorkspace(t, owner, org);
    const workspaceId = decodeGlobalID(workspace).id;
    field(
      await gql(
        t,
        owner.token,
        `mutation ($ws: ID!, $user: ID!) { updateWorkspaceGantryUserRole(input: { workspaceId: $ws, workspaceUserRoles: [{ gantryUserId: $user, role: READ }] }) { workspace { id } } }`,
        { ws: workspace, user: member.id },
      ),
      "updateWorkspaceGantryUserRole",
    );

    const [first, second] = await t.database.db
      .select()
      .from(schema.pipelines)
      .where(eq(schema.pipelines.workspaceId, workspaceId))
      .orderBy(asc(schema.pipelines.rank));
    if (!first || !second) throw new Error("no default pipelines");
    field(
      await gql(
        t,
        owner.token,
        `mutation ($p: ID!, $d: ID!) { deletePipeline(input: { pipelineId: $p, destinationPipelineId: $d }) { destinationPipeline { id } } }`,
        { p: encodeGlobalID("Pipeline", first.id), d: encodeGlobalID("Pipeline", second.id) },
      ),
      "deletePipeline",
    );

    const [webhook] = await t.database.db
      .insert(schema.outboundWebhooks)
      .values({
        workspaceId,
        url: "https://hooks.acme.test/gantry",
        sealedSecret: "sealed",
        secretHint: "cret",
        events: ["issue_transfer"],
      })
      .returning();
    if (!webhook) throw new Error("no webhook");
    field(
      await gql(
        t,
        owner.token,
        `mutation ($id: ID!) { deleteOutboundWebhook(input: { outboundWebhookId: $id }) { outboundWebhook { id } } }`,
        { id: encodeGlobalID("OutboundWebhook", webhook.id) },
      ),
      "deleteOutboundWebhook",
    );

    const { gantryRepository } = field<{ gantryRepository: { id: string } }>(
      await gql(t, owner.token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
        id: workspace,
      }),
      "workspace",
    );
    const issue = field<{ issue: { id: string } }>(
      await gql(
        t,
        owner.token,
        "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
        {
          input: { repositoryId: gantryRepository.id, title: "Doomed" },
        },
      ),
      "createIssue",
    ).issue.id;
    // A member may not delete it: nothing is recorded for the refusal.
    expect(
      errorOf(
        await gql(t, member.token, "mutation ($id: ID!) { deleteGantryIssue(input: { issueId: $id }) { issueId } }", {
          id: issue,
        }),
      ).code,
    ).toBeDefined();
    field(
      await gql(t, owner.token, "mutation ($id: ID!) { deleteGantryIssue(input: { issueId: $id }) { issueId } }", {
        id: issue,
      }),
      "deleteGantryIssue",
    );
    field(
      await gql(
        t,
        owner.token,
        "mutation ($id: ID!) { deleteWorkspace(input: { workspaceId: $id }) { workspaceId } }",
        {
          id: workspace,
        },
      ),
      "deleteWorkspace",
    );

    const log = field<{ auditEvents: LogPage }>(await orgLog(owner.token, org), "node").auditEvents;
    expect(log.nodes.map((node) => [node.action, node.target?.type, node.target?.label])).toEqual([
      ["WORKSPACE_DELETED", "workspace", expect.stringMatching(/^Workspace /)],
      ["ISSUE_DELETED", "issue", "#1 Doomed"],
      ["WEBHOOK_DELETED", "webhook", "https://hooks.acme.test/gantry"],
      ["PIPELINE_DELETED", "pipeline", first.name],
      ["WORKSPACE_MEMBER_ROLE_CHANGED", "user", member.email],
    ]);
    expect(log.nodes.every((node) => node.actor?.gantryUserId === owner.id)).toBe(true);
    expect(JSON.stringify(log)).not.toContain("sealed");
  });

  it("records API keys created and revoked by name only, and an organisation deletion for instance admins", async () => {
    const { owner, org } = await orgWithMember();
    const created = field<{ apiKey: { id: string }; secret: string }>(
      await gql(t, owner.token, `mutation { createApiKey(input: { name: "CI script" }) { apiKey { id } secret } }`),
      "createApiKey",
    );
    field(
      await gql(t, owner.token, "mutation ($id: ID!) { revokeApiKey(input: { apiKeyId: $id }) { apiKey { id } } }", {
        id: created.apiKey.id,
      }),
      "revokeApiKey",
    );
    const keyRows = await rowsFor(decodeGlobalID(created.apiKey.id).id);
    expect(keyRows.map((row) => [row.action, row.actorUserId, row.targetLabel])).toEqual([
      ["api_key.created", owner.userId, "CI script"],
      ["api_key.revoked", owner.userId, "CI script"],
    ]);
    expect(JSON.stringify(keyRows)).not.toContain(created.secret.slice(-4));

    field(
      await gql(
        t,
        owner.token,
        "mutation ($id: ID!) { deleteGantryOrganization(input: { gantryOrganizationId: $id }) { gantryOrganizationId } }",
        { id: org },
      ),
      "deleteGantryOrganization",
    );
    const deleted = field<{ nodes: LogNode[] }>(
      await gql(t, admin.token, INSTANCE_LOG, { action: "ORGANIZATION_DELETED", first: 100 }),
      "auditEvents",
    ).nodes.find((node) => node.target?.id === decodeGlobalID(org).id);
    expect(deleted).toMatchObject({ actor: { gantryUserId: owner.id }, target: { type: "organization" } });
  });

  it("leaves no event behind when the action's transaction rolls back", async () => {
    const user = await signUpUser(t, "rollback");
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAuditEvent(tx, {
          action: "api_key.created",
          actor: { id: user.userId },
          target: { type: "api_key", id: "rolled-back", label: "never" },
        });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await rowsFor("rolled-back")).toEqual([]);
  });
});

describe.each(testEngines())("audit log of enterprise seats on %s", (engine) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, admin } = await createAppWithInstanceAdmin(
      engine,
      { email: ADMIN_EMAIL, label: "seat-admin" },
      enterpriseEnv(licenceFile(5)),
    ));
  });
  afterAll(() => t.close());

  it("records a seat approved, then taken back (revoked), and a request declined, by the admin", async () => {
    const holder = await signUpUser(t, "holder");
    const asker = await signUpUser(t, "asker");
    const REQUEST = "mutation { requestEnterpriseSeat(input: {}) { alreadyRequested } }";
    field(await gql(t, holder.token, REQUEST), "requestEnterpriseSeat");
    field(await gql(t, asker.token, REQUEST), "requestEnterpriseSeat");
    const seats = await t.database.db.select().from(schema.enterpriseSeats);
    const seatOf = (user: TestUser) => {
      const seat = seats.find((row) => row.userId === user.userId);
      if (!seat) throw new Error(`no seat for ${user.email}`);
      return encodeGlobalID("EnterpriseSeat", seat.id);
    };
    const DECIDE = (name: string) =>
      `mutation ($id: ID!) { ${name}(input: { enterpriseSeatId: $id }) { enterpriseSeat { state } } }`;
    // Someone who is not an instance admin is refused, and nothing is recorded.
    expect(errorOf(await gql(t, holder.token, DECIDE("approveEnterpriseSeat"), { id: seatOf(holder) })).code).toBe(
      "FORBIDDEN",
    );
    field(await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: seatOf(holder) }), "approveEnterpriseSeat");
    field(await gql(t, admin.token, DECIDE("declineEnterpriseSeat"), { id: seatOf(holder) }), "declineEnterpriseSeat");
    field(await gql(t, admin.token, DECIDE("declineEnterpriseSeat"), { id: seatOf(asker) }), "declineEnterpriseSeat");

    const seatRows = (
      await t.database.db
        .select()
        .from(schema.auditEvents)
        .orderBy(asc(schema.auditEvents.occurredAt), asc(schema.auditEvents.id))
    ).filter((row) => row.action.startsWith("seat."));
    expect(seatRows.map((row) => [row.action, row.actorUserId, row.targetLabel, row.details])).toEqual([
      ["seat.approved", admin.userId, holder.email, { from: "REQUESTED", to: "APPROVED" }],
      ["seat.revoked", admin.userId, holder.email, { from: "APPROVED", to: "DECLINED" }],
      ["seat.declined", admin.userId, asker.email, { from: "REQUESTED", to: "DECLINED" }],
    ]);
  });
});
