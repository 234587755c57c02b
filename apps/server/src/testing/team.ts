import type { Engine } from "@gantry/db";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.js";
import {
  addMember,
  createOrganization,
  createWorkspace,
  joinWorkspace,
  makeInstanceAdmin,
  signUpUser,
  type TestUser,
} from "./factories.js";

/**
 * The whole app (see createTestApp) where people sign up over HTTP without verifying an email
 * and sign in as fast as a test asks; `env` adds to or overrides that.
 */
export function createSignUpTestApp(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: Omit<TestAppOptions, "engine"> = {},
): Promise<TestApp> {
  return createTestApp(
    { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000", ...env },
    { engine, ...options },
  );
}

/**
 * An app as createSignUpTestApp's whose instance admin (GANTRY_INSTANCE_ADMINS) is `admin.email`,
 * held by someone signed up as `admin.label` who has verified it.
 */
export async function createAppWithInstanceAdmin(
  engine: Engine,
  admin: { email: string; label: string },
  env: NodeJS.ProcessEnv = {},
  options: Omit<TestAppOptions, "engine"> = {},
): Promise<{ t: TestApp; admin: TestUser }> {
  const t = await createSignUpTestApp(engine, { GANTRY_INSTANCE_ADMINS: admin.email, ...env }, options);
  return { t, admin: await makeInstanceAdmin(t, await signUpUser(t, admin.label), admin.email) };
}

/** Where someone stands towards the organisation: outside it, one of its members, or one of its admins. */
export type OrganizationStanding = "outsider" | "member" | "admin";
/** As OrganizationStanding, or a member of the organisation with that permission in the workspace. */
export type WorkspaceStanding = OrganizationStanding | "viewer" | "editor";

/** Someone in each standing towards the organisation and its workspace (the owner aside), named for it. */
export const EVERY_ROLE = {
  admin: "admin",
  member: "member",
  viewer: "viewer",
  outsider: "outsider",
} as const satisfies Record<string, WorkspaceStanding>;

export type People<P> = { [K in keyof P]: TestUser };

export interface OrganizationTeam<P> {
  owner: TestUser;
  organization: string;
  /** Each signed up under its key as label. */
  people: People<P>;
}

export interface WorkspaceTeam<P> extends OrganizationTeam<P> {
  /** The owner's workspace in the organisation. */
  workspace: string;
}

/** Signs each of `people` up under its key as label, and puts them where their standing says. */
async function signUpEach(
  t: TestApp,
  people: Record<string, WorkspaceStanding>,
  organization: string,
  workspace?: string,
): Promise<Record<string, TestUser>> {
  const users: Record<string, TestUser> = {};
  for (const [label, standing] of Object.entries(people)) {
    const user = await signUpUser(t, label);
    users[label] = user;
    if (workspace && (standing === "viewer" || standing === "editor")) {
      await joinWorkspace(t, { organization, workspace }, user, standing);
    } else if (standing === "member" || standing === "admin") {
      await addMember(t, organization, user, standing);
    }
  }
  return users;
}

/** Someone signed up as `owner` (the label) owning a new organisation, and `people` standing towards it as given. */
export async function organizationTeam<const P extends Record<string, OrganizationStanding>>(
  t: TestApp,
  people: P,
  { owner: ownerLabel = "owner" }: { owner?: string } = {},
): Promise<OrganizationTeam<P>> {
  const owner = await signUpUser(t, ownerLabel);
  const organization = await createOrganization(t, owner);
  const users = await signUpEach(t, people, organization);
  return { owner, organization, people: users as People<P> };
}

/**
 * As organizationTeam, with a workspace of the owner's (private if asked) in which viewers and
 * editors have their permission.
 */
export async function workspaceTeam<const P extends Record<string, WorkspaceStanding>>(
  t: TestApp,
  people: P,
  { owner: ownerLabel = "owner", private: isPrivate = false }: { owner?: string; private?: boolean } = {},
): Promise<WorkspaceTeam<P>> {
  const owner = await signUpUser(t, ownerLabel);
  const organization = await createOrganization(t, owner);
  const workspace = await createWorkspace(t, owner, organization, isPrivate);
  const users = await signUpEach(t, people, organization, workspace);
  return { owner, organization, workspace, people: users as People<P> };
}
