import { schema } from "@gantry/db";
import { type DefaultConnectionArguments, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { UserOption } from "../../board/filter-options.js";
import { idsOf } from "../../board/search-input.js";
import { enabledIssueTypes } from "../../codehost/issue-types.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { issueTypeOptionsNamed } from "../../issues/issue-type-options.js";
import { organizationRole } from "../../organizations/access.js";
import type { OrganizationWithRole } from "../../organizations/queries.js";
import { organizationWorkspaces } from "../../organizations/schema.js";
import type { PublicLabel } from "../epic-labels-view.js";
import { creator } from "../reference-fields.js";
import { gantryAccountOfLogin } from "./people.js";
import { emptyConnection, referenceConnection, type ServedField } from "./served-field.js";

const {
  githubAccounts,
  gantryLabels,
  issueGantryLabels,
  issues,
  organizationMembers,
  repositories,
  users,
  workspaceRepositories,
} = schema;

type Paged = DefaultConnectionArguments;
type User = typeof users.$inferSelect;
type OrganizationRole = (typeof organizationMembers.$inferSelect)["role"];

/** Gantry's organisation roles as the reference's: owners and admins administer, members are members. */
export const referenceRole = (role: OrganizationRole) => (role === "member" ? "MEMBER" : "ADMIN");

/** The reference's `ZenhubUserOrderInput` and filters over an organisation's members. */
interface MemberArgs extends Paged {
  emails?: string[] | null;
  query?: string | null;
  order?: { direction?: "ASC" | "DESC" | null } | null;
  role?: "MEMBER" | "ADMIN" | "EXTERNAL_READER" | "EXTERNAL_WRITER" | null;
}

/** Members of organisations with their accounts and GitHub logins: what `userAtOrganization` reads. */
export function memberRows(context: GraphQLContext) {
  return context.db
    .select({
      user: users,
      role: organizationMembers.role,
      githubLogin: githubAccounts.login,
      avatarUrl: githubAccounts.avatarUrl,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id));
}

/** The organisation's members, by display name (name, else e-mail), kept by `emails`, `query` and `role`. */
async function members(organization: OrganizationWithRole, args: MemberArgs, context: GraphQLContext) {
  const rows = await memberRows(context)
    .where(eq(organizationMembers.organizationId, organization.id))
    .orderBy(asc(sql`lower(coalesce(nullif(${users.name}, ''), ${users.email}))`), asc(users.id));
  const emails = args.emails ? new Set(args.emails.map((email) => email.toLowerCase())) : null;
  const text = args.query?.trim().toLowerCase() ?? "";
  const kept = rows.filter(
    (row) =>
      (!emails || emails.has(row.user.email.toLowerCase())) &&
      (!text || `${row.user.name} ${row.user.email}`.toLowerCase().includes(text)) &&
      (!args.role || referenceRole(row.role) === args.role),
  );
  return args.order?.direction === "DESC" ? kept.reverse() : kept;
}

type MemberRow = Awaited<ReturnType<typeof members>>[number];

/** The reference's `ZenhubUserAtOrganization`: a member with their role in one organisation. */
export function userAtOrganization(row: Pick<MemberRow, "user" | "role" | "githubLogin" | "avatarUrl">) {
  return {
    id: encodeGlobalID("GantryUser", row.user.id),
    name: row.user.name || null,
    email: row.user.email,
    contactEmail: row.user.email,
    imageUrl: row.avatarUrl,
    createdAt: row.user.createdAt,
    updatedAt: row.user.updatedAt,
    externalOnly: false,
    role: referenceRole(row.role),
    seated: null,
    seatRequestedAt: null,
    githubUser: row.githubLogin ? { login: row.githubLogin, avatarUrl: row.avatarUrl } : null,
  };
}

/** The GitHub repositories' owners whose issue types the organisation's workspaces can use, lower case. */
async function organizationGitHubOwners(organization: OrganizationWithRole, context: GraphQLContext) {
  const workspaces = await organizationWorkspaces(context, organization);
  if (workspaces.length === 0) return [];
  const rows = await context.db
    .selectDistinct({ ownerLogin: sql<string>`lower(${repositories.ownerLogin})` })
    .from(workspaceRepositories)
    .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
    .where(
      inArray(
        workspaceRepositories.workspaceId,
        workspaces.map((workspace) => workspace.id),
      ),
    );
  return rows.map((row) => row.ownerLogin);
}

export const peopleFields: Record<string, ServedField> = {
  "IssueUserOption.githubUser": {
    description: "The GitHub user.",
    resolve: (option: UserOption) => ({ login: option.login, avatarUrl: option.avatarUrl }),
  },
  "IssueUserOption.gantryUser": {
    description: "The Gantry account that connected this GitHub login, when it is in an organisation with you.",
    resolve: (option: UserOption, _args, context: GraphQLContext) => gantryAccountOfLogin(context).load(option.login),
  },
  "User.gantryUser": {
    description: "The Gantry account that connected this GitHub login, when it is in an organisation with you.",
    resolve: (user: { login: string }, _args, context: GraphQLContext) =>
      gantryAccountOfLogin(context).load(user.login),
  },
  "GantryUser.externalOnly": {
    description: "Always false: Gantry has no external-only people; everyone is a member of an organisation.",
    resolve: () => false,
  },
  "GantryUser.role": {
    description:
      "The person's role in the organisation: ADMIN for its owners and admins, MEMBER for members; null when they are not in it or you are not.",
    resolve: async (user: User, args: { gantryOrganizationId: string }, context: GraphQLContext) => {
      const [organizationId] = idsOf("gantryOrganizationId", "GantryOrganization", [args.gantryOrganizationId]) ?? [];
      if (!organizationId || !context.viewer) return null;
      if (!(await organizationRole(context.db, organizationId, context.viewer.id))) return null;
      const role = await organizationRole(context.db, organizationId, user.id);
      return role ? referenceRole(role) : null;
    },
  },
  "GantryOrganization.creator": {
    description:
      "Who made the organisation; null when they are no longer in an organisation with you (or it came from an import).",
    resolve: (organization: OrganizationWithRole, _args, context: GraphQLContext) =>
      creator(context, organization.createdBy),
  },
  "GantryOrganization.gantryUsers": {
    description:
      "The organisation's members, by name; `emails` keeps those addresses, `query` names or addresses containing it. `platformOnly` changes nothing: every member uses Gantry.",
    resolve: async (organization: OrganizationWithRole, args: MemberArgs, context: GraphQLContext) =>
      referenceConnection(
        args,
        (await members(organization, args, context)).map((row) => row.user),
      ),
  },
  "GantryOrganization.gantryUsersAtOrganization": {
    description:
      "The organisation's members with their role, by name; `emails`, `query` and `role` keep some. Gantry has no seats to request or external people: `seated`, `seatRequestPending` and `includeExternal` change nothing.",
    resolve: async (organization: OrganizationWithRole, args: MemberArgs, context: GraphQLContext) =>
      referenceConnection(args, (await members(organization, args, context)).map(userAtOrganization)),
  },
  "GantryOrganization.gantryLabels": {
    description: "The Gantry labels of the organisation's workspaces you can open, by name.",
    resolve: async (
      organization: OrganizationWithRole,
      args: Paged & { orderBy?: { direction?: string } | null },
      context: GraphQLContext,
    ) => {
      const workspaces = await organizationWorkspaces(context, organization);
      const rows = workspaces.length
        ? await context.db
            .select()
            .from(gantryLabels)
            .where(
              inArray(
                gantryLabels.workspaceId,
                workspaces.map((workspace) => workspace.id),
              ),
            )
            .orderBy(asc(sql`lower(${gantryLabels.name})`), asc(gantryLabels.id))
        : [];
      return referenceConnection(args, args.orderBy?.direction === "DESC" ? rows.reverse() : rows);
    },
  },
  "GantryOrganization.gantryIssueTypes": {
    description:
      "Not kept by Gantry: it has no issue types of its own (empty); a Gantry issue takes the GitHub issue types of its boards' organisations (`issueTypeOptions`).",
    resolve: emptyConnection,
  },
  "GantryOrganization.issueTypeOptions": {
    description:
      "The GitHub issue types the organisation's issues can take: those of the GitHub organisations owning its workspaces' repositories, by name.",
    resolve: async (organization: OrganizationWithRole, args: Paged, context: GraphQLContext) => {
      const owners = await organizationGitHubOwners(organization, context);
      const names = (await enabledIssueTypes(context.db, owners)).map((type) => type.name);
      return referenceConnection(args, await issueTypeOptionsNamed(context.db, names, owners, organization.id));
    },
  },
  "Label.repository": {
    description:
      "The repository whose issues carry the label; for a Gantry label (on an epic), its workspace's Gantry repository.",
    resolve: async (label: PublicLabel, _args, context: GraphQLContext) => {
      const where = label.gantryLabelId
        ? sql`${repositories.nativeWorkspaceId} = (select ${gantryLabels.workspaceId} from ${gantryLabels} where ${gantryLabels.id} = ${label.gantryLabelId})`
        : label.repositoryId
          ? eq(repositories.id, label.repositoryId)
          : undefined;
      if (!where) return null;
      const [repository] = await context.db.select().from(repositories).where(where);
      return repository;
    },
  },
  "Label.issues": {
    description: "The repository's issues carrying the label, by number (a Gantry label's issues on its workspace).",
    resolve: async (label: PublicLabel, args: Paged, context: GraphQLContext) => {
      if (!label.gantryLabelId && !label.repositoryId) return referenceConnection(args, []);
      const rows = label.gantryLabelId
        ? await context.db
            .select({ issue: issues })
            .from(issueGantryLabels)
            .innerJoin(issues, eq(issues.id, issueGantryLabels.issueId))
            .where(eq(issueGantryLabels.gantryLabelId, label.gantryLabelId))
            .orderBy(asc(issues.number), asc(issues.id))
        : await context.db
            .select({ issue: issues })
            .from(issues)
            .where(
              and(
                eq(issues.repositoryId, label.repositoryId ?? ""),
                sql`${issues.labels} @> ${JSON.stringify([{ name: label.name }])}::jsonb`,
              ),
            )
            .orderBy(asc(issues.number));
      return referenceConnection(
        args,
        rows.map((row) => row.issue),
      );
    },
  },
};
