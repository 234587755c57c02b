import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import type { TestApp } from "../testing/app.js";
import {
  createOrganization,
  errorOf,
  field,
  gql,
  signUpUser,
  type TestUser,
  uniqueName,
} from "../testing/factories.js";
import { createSignUpTestApp, organizationTeam, workspaceTeam } from "../testing/team.js";

const INVITE = `mutation ($org: ID!, $email: String!, $role: GantryOrganizationRole) {
  createGantryOrganizationInvite(input: { gantryOrganizationId: $org, email: $email, role: $role }) { token invitation { id email role } }
}`;
const VALID = "query ($token: String!) { isGantryOrganizationInviteValid(token: $token) }";

describe.each(testEngines())("organisation flows on %s", (engine) => {
  let t: TestApp;
  let clockOffsetMs = 0;
  const mailer = new OutboxMailer();

  beforeAll(async () => {
    t = await createSignUpTestApp(
      engine,
      { PUBLIC_URL: "http://gantry.test" },
      { mailer, now: () => new Date(Date.now() + clockOffsetMs) },
    );
  });
  afterAll(() => t.close());

  it("invites by mail; signing up through the link joins, verified and signed in, and sees the workspaces", async () => {
    const { owner, organization: org, workspace } = await workspaceTeam(t, {});
    const email = `invitee-${Date.now()}@acme.test`;
    const invited = await gql(t, owner.token, INVITE, { org, email });
    expect(invited.errors).toBeUndefined();

    const mail = mailer.list().find((sent) => sent.to === email);
    expect(mail?.subject).toMatch(/^You're invited to join Org .+ on Gantry$/);
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.origin + link.pathname).toBe("http://gantry.test/invite");
    const inviteToken = link.searchParams.get("token") ?? "";
    expect((await gql(t, null, VALID, { token: inviteToken })).data).toEqual({ isGantryOrganizationInviteValid: true });

    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email, password: "Correct-horse-9", inviteToken },
    });
    expect(signup.json()).toMatchObject({ authenticated: true });
    const seen = await gql(
      t,
      signup.json().token,
      "{ viewer { emailVerified gantryOrganizations { nodes { id viewerRole workspaces { nodes { id } } } } } }",
    );
    expect(seen.data?.viewer).toEqual({
      emailVerified: true,
      gantryOrganizations: { nodes: [{ id: org, viewerRole: "MEMBER", workspaces: { nodes: [{ id: workspace }] } }] },
    });
    expect((await gql(t, null, VALID, { token: inviteToken })).data).toEqual({
      isGantryOrganizationInviteValid: false,
    });
  });

  it("refuses an invitation accepted from another address, and says an expired or made-up token is invalid", async () => {
    const owner = await signUpUser(t, "owner");
    const org = await createOrganization(t, owner);
    const { token } = field<{ token: string }>(
      await gql(t, owner.token, INVITE, { org, email: "someone-else@acme.test" }),
      "createGantryOrganizationInvite",
    );
    const stranger = await signUpUser(t, "stranger");
    const accepted = await gql(
      t,
      stranger.token,
      "mutation ($token: String!) { acceptGantryOrganizationInvite(input: { token: $token }) { gantryOrganization { id } } }",
      { token },
    );
    expect(errorOf(accepted)).toEqual({
      code: "FORBIDDEN",
      message: "This invitation was sent to another email address.",
    });

    expect((await gql(t, null, VALID, { token: "gin_made-up" })).data).toEqual({
      isGantryOrganizationInviteValid: false,
    });
    clockOffsetMs = 8 * 24 * 60 * 60 * 1000;
    try {
      expect((await gql(t, null, VALID, { token })).data).toEqual({ isGantryOrganizationInviteValid: false });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("lets an outsider request access once, shows it as pending, and lets an admin approve or decline", async () => {
    const owner = await signUpUser(t, "owner");
    const org = await createOrganization(t, owner, uniqueName("Acme"));
    const asker = await signUpUser(t, "asker");
    const ask = () =>
      gql(
        t,
        asker.token,
        "mutation ($org: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $org }) { accessRequest { id state requestable { name } } } }",
        { org },
      );
    const first = (await ask()).data?.requestGantryOrganizationAccess as {
      accessRequest: { id: string; state: string };
    };
    const second = (await ask()).data?.requestGantryOrganizationAccess as { accessRequest: { id: string } };
    expect(second.accessRequest.id).toBe(first.accessRequest.id);
    expect(first.accessRequest.state).toBe("PENDING");

    const mine = await gql(
      t,
      asker.token,
      "{ viewer { accessRequests { nodes { state requestable { name } } } gantryOrganizations { nodes { id } } } }",
    );
    expect(mine.data?.viewer).toMatchObject({
      accessRequests: { nodes: [{ state: "PENDING", requestable: { name: expect.stringMatching(/^Acme /) } }] },
      gantryOrganizations: { nodes: [] },
    });

    const approved = await gql(
      t,
      owner.token,
      "mutation ($id: ID!) { approveAccessRequest(input: { accessRequestId: $id }) { accessRequest { state } } }",
      { id: first.accessRequest.id },
    );
    expect(approved.data).toEqual({ approveAccessRequest: { accessRequest: { state: "APPROVED" } } });
    const again = await gql(
      t,
      owner.token,
      "mutation ($id: ID!) { declineAccessRequest(input: { accessRequestId: $id }) { accessRequest { state } } }",
      { id: first.accessRequest.id },
    );
    expect(errorOf(again)).toEqual({ code: "CONFLICT", message: "This access request has already been answered." });
    const joined = await gql(t, asker.token, "{ viewer { gantryOrganizations { nodes { id viewerRole } } } }");
    expect(joined.data?.viewer).toEqual({ gantryOrganizations: { nodes: [{ id: org, viewerRole: "MEMBER" }] } });
  });

  it("keeps at least one owner and lets only owners make owners", async () => {
    const { owner, organization: org, people } = await organizationTeam(t, { admin: "admin" });
    const { admin } = people;
    const leave = await gql(
      t,
      owner.token,
      "mutation ($org: ID!, $me: ID!) { removeUserFromGantryOrganization(input: { gantryOrganizationId: $org, gantryUserId: $me }) { gantryOrganizationId } }",
      { org, me: owner.id },
    );
    expect(errorOf(leave)).toEqual({ code: "CONFLICT", message: "An organization needs at least one owner." });
    const promote = await gql(
      t,
      admin.token,
      "mutation ($org: ID!, $me: ID!) { updateGantryOrganizationUserRole(input: { gantryOrganizationId: $org, gantryUserId: $me, role: OWNER }) { gantryOrganization { id } } }",
      { org, me: admin.id },
    );
    expect(errorOf(promote)).toEqual({ code: "FORBIDDEN", message: "Only organization owners can make an owner." });
  });

  it("answers SAML_AUTH_REQUIRED to members of a SAML-protected organisation who signed in otherwise", async () => {
    const {
      owner,
      organization: org,
      workspace,
      people,
    } = await workspaceTeam(t, { admin: "admin", member: "member", saml: "member" });
    const { admin, member, saml: samlMember } = people;
    await t.database.db
      .update(schema.users)
      .set({ identityProvider: "saml" })
      .where(eq(schema.users.id, samlMember.userId));
    const enforce = (as: TestUser) =>
      gql(
        t,
        as.token,
        "mutation ($org: ID!) { updateGantryOrganization(input: { gantryOrganizationId: $org, requireSaml: true }) { gantryOrganization { requireSaml } } }",
        { org },
      );

    expect((await enforce(admin)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(
      field<{ gantryOrganization: unknown }>(await enforce(owner), "updateGantryOrganization").gantryOrganization,
    ).toEqual({ requireSaml: true });

    const open = (as: TestUser) =>
      gql(t, as.token, "query ($id: ID!) { workspace(id: $id) { id } }", { id: workspace });
    const refused = await open(member);
    expect(refused.errors?.[0]).toMatchObject({
      message: "This organization requires you to sign in with SAML single sign-on.",
      extensions: { code: "FORBIDDEN", reason: "SAML_AUTH_REQUIRED", organizationId: org },
    });
    const creating = await gql(
      t,
      member.token,
      'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "Mine" }) { workspace { id } } }',
      { org },
    );
    expect(creating.errors?.[0]?.extensions?.reason).toBe("SAML_AUTH_REQUIRED");
    expect((await open(owner)).errors).toBeUndefined();
    expect((await open(samlMember)).errors).toBeUndefined();
  });

  it("gives a new workspace the default pipelines in order, plus Closed", async () => {
    const { owner, workspace } = await workspaceTeam(t, {});
    const answer = await gql(
      t,
      owner.token,
      "query ($id: ID!) { workspace(id: $id) { pipelines(includeClosed: true) { id name stage } closedPipeline { id name } } }",
      { id: workspace },
    );
    const data = answer.data?.workspace as {
      pipelines: { id: string; name: string; stage: string | null }[];
      closedPipeline: unknown;
    };
    expect(data.pipelines.map((pipeline) => pipeline.name)).toEqual([
      "New Issues",
      "Icebox",
      "Backlog",
      "In Progress",
      "Review/QA",
      "Done",
      "Closed",
    ]);
    expect(data.pipelines.map((pipeline) => pipeline.stage)).toEqual([
      null,
      null,
      "BACKLOG",
      "DEVELOPMENT",
      "REVIEW",
      "COMPLETED",
      null,
    ]);
    expect(data.closedPipeline).toEqual({ id: "closed--pipeline", name: "Closed" });
  });

  it("answers bad input with a clear message and writes nothing", async () => {
    const owner = await signUpUser(t, "owner");
    const create = (name: string) =>
      gql(
        t,
        owner.token,
        "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { name } } }",
        { name },
      );
    expect((await create("x")).errors?.[0]).toMatchObject({
      message: "Organization names are 2 to 60 characters long.",
      extensions: { code: "BAD_USER_INPUT", field: "name" },
    });
    expect((await create("<script>")).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const name = uniqueName("Taken");
    expect((await create(name)).data).toEqual({ createGantryOrganization: { gantryOrganization: { name } } });
    expect((await create(name.toUpperCase())).errors?.[0]).toMatchObject({
      message: "An organization with this name already exists.",
      extensions: { code: "CONFLICT" },
    });
    const mine = await gql(t, owner.token, "{ viewer { gantryOrganizations { totalCount nodes { name } } } }");
    expect(mine.data?.viewer).toEqual({ gantryOrganizations: { totalCount: 1, nodes: [{ name }] } });

    const badId = await gql(t, owner.token, 'query { workspace(id: "not-an-id") { id } }');
    expect(badId.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
