import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import type { TestApp } from "../testing/app.js";
import {
  addMember,
  createOrganization,
  createWorkspace,
  field,
  type GraphQLAnswer,
  gql,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { createSignUpTestApp, EVERY_ROLE, workspaceTeam } from "../testing/team.js";

const ROLES = ["owner", "admin", "member", "viewer", "outsider", "anonymous"] as const;
type Role = (typeof ROLES)[number];
type Outcome = "ok" | "FORBIDDEN" | "NOT_FOUND" | "UNAUTHENTICATED";

interface World {
  t: TestApp;
  users: Record<Exclude<Role, "anonymous">, TestUser>;
  org: string;
  workspace: string;
  privateWorkspace: string;
}

interface Case {
  name: string;
  expect: Record<Role, Outcome>;
  run(as: TestUser | null, world: World): Promise<GraphQLAnswer>;
}

/** Admins of the organisation may; members may not; outsiders do not even see it. */
const orgAdminsOnly = {
  owner: "ok",
  admin: "ok",
  member: "FORBIDDEN",
  viewer: "FORBIDDEN",
  outsider: "NOT_FOUND",
  anonymous: "UNAUTHENTICATED",
} as const;
/** Workspace admins may; everyone else is refused. */
const workspaceAdminsOnly = {
  owner: "ok",
  admin: "ok",
  member: "FORBIDDEN",
  viewer: "FORBIDDEN",
  outsider: "FORBIDDEN",
  anonymous: "UNAUTHENTICATED",
} as const;
const anyoneWhoCanOpen = {
  owner: "ok",
  admin: "ok",
  member: "ok",
  viewer: "ok",
  outsider: "FORBIDDEN",
  anonymous: "UNAUTHENTICATED",
} as const;

const token = (as: TestUser | null) => as?.token ?? null;

/** Runs `mutation` with $id the organisation and $user someone who has just joined it as a member. */
const onNewMember =
  (label: string, mutation: string): Case["run"] =>
  async (as, w) => {
    const target = await signUpUser(w.t, label);
    await addMember(w.t, w.org, target, "member");
    return gql(w.t, token(as), mutation, { id: w.org, user: target.id });
  };

const CASES: Case[] = [
  {
    name: "read a workspace",
    expect: anyoneWhoCanOpen,
    run: (as, w) =>
      gql(w.t, token(as), "query ($id: ID!) { workspace(id: $id) { id name viewerPermission } }", { id: w.workspace }),
  },
  {
    name: "read a private workspace",
    expect: workspaceAdminsOnly,
    run: (as, w) => gql(w.t, token(as), "query ($id: ID!) { workspace(id: $id) { id } }", { id: w.privateWorkspace }),
  },
  {
    name: "mark a workspace viewed",
    expect: anyoneWhoCanOpen,
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        "mutation ($id: ID!) { setWorkspaceViewedNow(input: { workspaceId: $id }) { workspace { id } } }",
        {
          id: w.workspace,
        },
      ),
  },
  {
    name: "create a workspace in the organisation",
    expect: {
      owner: "ok",
      admin: "ok",
      member: "ok",
      viewer: "ok",
      outsider: "NOT_FOUND",
      anonymous: "UNAUTHENTICATED",
    },
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "New" }) { workspace { id } } }',
        {
          org: w.org,
        },
      ),
  },
  {
    name: "edit a workspace",
    expect: workspaceAdminsOnly,
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        'mutation ($id: ID!) { updateWorkspace(input: { workspaceId: $id, name: "Renamed" }) { workspace { name } } }',
        {
          id: w.workspace,
        },
      ),
  },
  {
    name: "delete a workspace",
    expect: workspaceAdminsOnly,
    run: async (as, w) => {
      const target = await createWorkspace(w.t, w.users.owner, w.org);
      return gql(
        w.t,
        token(as),
        "mutation ($id: ID!) { deleteWorkspace(input: { workspaceId: $id }) { workspaceId } }",
        { id: target },
      );
    },
  },
  {
    name: "change someone's workspace permission",
    expect: workspaceAdminsOnly,
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        "mutation ($id: ID!, $user: ID!) { updateWorkspaceGantryUserRole(input: { workspaceId: $id, workspaceUserRoles: [{ gantryUserId: $user, role: READ }] }) { workspace { id } } }",
        { id: w.workspace, user: w.users.viewer.id },
      ),
  },
  {
    name: "rename the organisation",
    expect: orgAdminsOnly,
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        "mutation ($id: ID!, $name: String!) { updateGantryOrganization(input: { gantryOrganizationId: $id, name: $name }) { gantryOrganization { name } } }",
        {
          id: w.org,
          name: `Renamed ${Math.random().toString(36).slice(2, 8)}`,
        },
      ),
  },
  {
    name: "invite someone",
    expect: orgAdminsOnly,
    run: (as, w) =>
      gql(
        w.t,
        token(as),
        'mutation ($id: ID!) { createGantryOrganizationInvite(input: { gantryOrganizationId: $id, email: "new@acme.test" }) { invitation { email } } }',
        {
          id: w.org,
        },
      ),
  },
  {
    name: "change a member's role",
    expect: orgAdminsOnly,
    run: onNewMember(
      "target",
      "mutation ($id: ID!, $user: ID!) { updateGantryOrganizationUserRole(input: { gantryOrganizationId: $id, gantryUserId: $user, role: ADMIN }) { gantryOrganization { id } } }",
    ),
  },
  {
    name: "remove a member",
    expect: orgAdminsOnly,
    run: onNewMember(
      "leaving",
      "mutation ($id: ID!, $user: ID!) { removeUserFromGantryOrganization(input: { gantryOrganizationId: $id, gantryUserId: $user }) { gantryOrganizationId } }",
    ),
  },
  {
    name: "approve an access request",
    expect: orgAdminsOnly,
    run: async (as, w) => {
      const requester = await signUpUser(w.t, "requester");
      const asked = await gql(
        w.t,
        requester.token,
        "mutation ($id: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $id }) { accessRequest { id } } }",
        {
          id: w.org,
        },
      );
      const requestId = field<{ accessRequest: { id: string } }>(asked, "requestGantryOrganizationAccess").accessRequest
        .id;
      return gql(
        w.t,
        token(as),
        "mutation ($id: ID!) { approveAccessRequest(input: { accessRequestId: $id }) { accessRequest { state } } }",
        { id: requestId },
      );
    },
  },
  {
    name: "delete the organisation",
    expect: {
      owner: "ok",
      admin: "FORBIDDEN",
      member: "FORBIDDEN",
      viewer: "FORBIDDEN",
      outsider: "NOT_FOUND",
      anonymous: "UNAUTHENTICATED",
    },
    run: async (as, w) => {
      const doomed = await createOrganization(w.t, w.users.owner);
      for (const role of ["admin", "member", "viewer"] as const)
        await addMember(w.t, doomed, w.users[role], role === "admin" ? "admin" : "member");
      return gql(
        w.t,
        token(as),
        "mutation ($id: ID!) { deleteGantryOrganization(input: { gantryOrganizationId: $id }) { gantryOrganizationId } }",
        { id: doomed },
      );
    },
  },
];

function outcome(answer: GraphQLAnswer): Outcome | string {
  return answer.errors?.[0]?.extensions?.code ?? (answer.errors ? `error: ${answer.errors[0]?.message}` : "ok");
}

describe.each(testEngines())("who may do what in organisations and workspaces, on %s", (engine) => {
  let world: World;

  beforeAll(async () => {
    const t = await createSignUpTestApp(engine, {}, { mailer: new OutboxMailer() });
    const { owner, organization: org, workspace, people } = await workspaceTeam(t, EVERY_ROLE);
    const privateWorkspace = await createWorkspace(t, owner, org, true);
    world = { t, users: { owner, ...people }, org, workspace, privateWorkspace };
  });
  afterAll(() => world.t.close());

  for (const testCase of CASES) {
    it.each(ROLES)(`${testCase.name}: %s`, async (role) => {
      const as = role === "anonymous" ? null : world.users[role];
      expect(outcome(await testCase.run(as, world))).toBe(testCase.expect[role]);
    });
  }

  it("shows pending invitations and access requests to admins only", async () => {
    const query =
      "query ($id: ID!) { node(id: $id) { ... on GantryOrganization { invitations { email } accessRequests { id } } } }";
    await gql(
      world.t,
      world.users.owner.token,
      'mutation ($id: ID!) { createGantryOrganizationInvite(input: { gantryOrganizationId: $id, email: "seen@acme.test" }) { token } }',
      {
        id: world.org,
      },
    );
    const asAdmin = await gql(world.t, world.users.admin.token, query, { id: world.org });
    const seenByAdmin = field<{ invitations: { email: string }[] }>(asAdmin, "node");
    expect(seenByAdmin.invitations.map((invitation) => invitation.email)).toContain("seen@acme.test");
    const asMember = await gql(world.t, world.users.member.token, query, { id: world.org });
    expect(asMember.data?.node).toEqual({ invitations: [], accessRequests: [] });
    const asOutsider = await gql(world.t, world.users.outsider.token, query, { id: world.org });
    expect(asOutsider.data?.node).toBeNull();
  });

  it("tells an outsider which organisation a workspace belongs to, so they can ask to join", async () => {
    const answer = await gql(world.t, world.users.outsider.token, "query ($id: ID!) { workspace(id: $id) { id } }", {
      id: world.workspace,
    });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: "FORBIDDEN",
      reason: "WORKSPACE_ACCESS",
      organizationId: world.org,
    });
  });
});
