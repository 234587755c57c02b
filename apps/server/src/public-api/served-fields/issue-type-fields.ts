import { schema } from "@gantry/db";
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { GraphQLContext } from "../../graphql/context.js";
import type { GantryIssueTypeValue } from "../../issues/issue-type-options.js";
import { type IssueTypeValue, issueTypeRecord } from "../../issues/issue-type-records.js";
import { visibleWorkspaceIds } from "../../issues/visible-workspaces.js";
import { organizationForViewer } from "../../organizations/schema.js";
import { workspaceOrganization } from "../reference-fields.js";
import { gitHubOwnerOrNamed } from "./repository-fields.js";
import type { ServedField } from "./served-field.js";

const { issues, repositories, workspaceRepositories, workspaces } = schema;

type GantryLabelRow = typeof schema.gantryLabels.$inferSelect;

/** The repository an issue type was read on, when it was read on one. */
async function repositoryOf(context: GraphQLContext, value: IssueTypeValue) {
  if (!value.repositoryId) return null;
  const [repository] = await context.db.select().from(repositories).where(eq(repositories.id, value.repositoryId));
  return repository ?? null;
}

/** The GitHub organisation (lower-case login) whose type it is: its record's, else its repository's owner. */
async function ownerLoginOf(context: GraphQLContext, value: IssueTypeValue): Promise<string | null> {
  const record = await issueTypeRecord(context, value);
  return record?.ownerLogin ?? (await repositoryOf(context, value))?.ownerLogin.toLowerCase() ?? null;
}

/** The organisation whose Gantry issues carry the type: told, or that of the native repository it was read on. */
async function organizationIdOf(context: GraphQLContext, value: GantryIssueTypeValue): Promise<string | null> {
  if (value.organizationId) return value.organizationId;
  const workspaceId = (await repositoryOf(context, value))?.nativeWorkspaceId;
  if (!workspaceId) return null;
  const [workspace] = await context.db
    .select({ organizationId: workspaces.organizationId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return workspace?.organizationId ?? null;
}

/** How many issues of the repositories `scope` keeps, among those on boards the viewer can open, carry the type. */
async function issuesOfType(context: GraphQLContext, name: string, scope: SQL): Promise<number> {
  const visible = [...(await visibleWorkspaceIds(context))];
  if (visible.length === 0) return 0;
  const readable = context.db
    .select({ id: workspaceRepositories.repositoryId })
    .from(workspaceRepositories)
    .where(inArray(workspaceRepositories.workspaceId, visible));
  const [row] = await context.db
    .select({ value: count() })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(sql`lower(${issues.issueType}) = ${name.toLowerCase()}`, inArray(issues.repositoryId, readable), scope));
  return row?.value ?? 0;
}

export const issueTypeFields: Record<string, ServedField> = {
  "GithubIssueType.issuesCount": {
    description:
      "How many GitHub issues of the type's organisation carry it (by name, any case), on boards you can open.",
    resolve: async (value: IssueTypeValue, _args, context: GraphQLContext) => {
      const owner = await ownerLoginOf(context, value);
      if (!owner) return 0;
      return issuesOfType(
        context,
        value.name,
        and(isNotNull(repositories.ghId), sql`lower(${repositories.ownerLogin}) = ${owner}`) as SQL,
      );
    },
  },
  "GithubIssueType.owner": {
    description:
      "The GitHub organisation the issue type belongs to, as GitHub describes it now (read with your GitHub account), else by name.",
    resolve: async (value: IssueTypeValue, _args, context: GraphQLContext) => {
      const record = await issueTypeRecord(context, value);
      const owner = await ownerLoginOf(context, value);
      if (!owner) return null;
      return gitHubOwnerOrNamed(context, {
        login: owner,
        asked: true,
        isOrganization: true,
        createdAt: record?.createdAt ?? new Date(0),
        updatedAt: record?.updatedAt ?? new Date(0),
      });
    },
  },
  "GantryIssueType.issuesCount": {
    description:
      "How many Gantry issues of the organisation carry the type (by name, any case), on boards you can open.",
    resolve: async (value: GantryIssueTypeValue, _args, context: GraphQLContext) => {
      const organizationId = await organizationIdOf(context, value);
      if (!organizationId) return 0;
      const organizationWorkspaces = context.db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.organizationId, organizationId));
      return issuesOfType(
        context,
        value.name,
        and(isNull(issues.ghId), inArray(repositories.nativeWorkspaceId, organizationWorkspaces)) as SQL,
      );
    },
  },
  "GantryIssueType.gantryOrganization": {
    description: "The organisation whose Gantry issues carry the type.",
    resolve: async (value: GantryIssueTypeValue, _args, context: GraphQLContext) => {
      const organizationId = await organizationIdOf(context, value);
      return organizationId ? organizationForViewer(context, organizationId) : null;
    },
  },
  "GantryLabel.gantryOrganization": {
    description: "The organisation of the label's workspace.",
    resolve: (label: GantryLabelRow, _args, context: GraphQLContext) =>
      workspaceOrganization(context, label.workspaceId),
  },
};
