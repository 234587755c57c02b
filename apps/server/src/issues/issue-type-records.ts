/**
 * Issue types as the reference serves them, with ids (decision 0086): each is one of a GitHub organisation's
 * issue types as Gantry recorded it (`github_issue_types`), and its id is that record's. An issue carries its
 * type by name; a name Gantry has no record of (a type since removed on GitHub) keeps an id made of the name,
 * which the mutations taking `issueTypeId` read back as that name.
 */
import { type Executor, schema } from "@gantry/db";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, inArray, sql } from "drizzle-orm";
import { enabledIssueTypes } from "../codehost/issue-types.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";

const { githubIssueTypes, repositories, workspaceRepositories } = schema;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BY_NAME = "name:";
const NAME_MAX = 100;

/** An issue type where the schema shows one: its name, and Gantry's record of it when known. */
export interface IssueTypeValue {
  name: string;
  /** On a native issue (GantryIssueType) rather than a GitHub one. */
  native: boolean;
  /** Gantry's record, when the one answering already read it; else found by name on `repositoryId`'s owners. */
  record?: schema.GitHubIssueTypeRow | null;
  repositoryId?: string;
}

/**
 * The GitHub owners (lower-case logins) whose issue types a repository's issues take: a GitHub repository's own
 * organisation; for a workspace's Gantry repository, those owning the workspace's GitHub repositories.
 */
export async function issueTypeOwnersOf(db: Executor, repositoryId: string): Promise<string[]> {
  const [repository] = await db.select().from(repositories).where(eq(repositories.id, repositoryId));
  if (!repository) return [];
  if (!repository.nativeWorkspaceId) return [repository.ownerLogin.toLowerCase()];
  return workspaceIssueTypeOwners(db, repository.nativeWorkspaceId);
}

/** The GitHub owners (lower-case logins) of the workspace's GitHub repositories, whose issue types it offers. */
export async function workspaceIssueTypeOwners(db: Executor, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerLogin: sql<string>`lower(${repositories.ownerLogin})` })
    .from(workspaceRepositories)
    .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
    .where(and(eq(workspaceRepositories.workspaceId, workspaceId), sql`${repositories.ghId} is not null`));
  return rows.map((row) => row.ownerLogin);
}

/** Per request: each repository's recorded types, read once however many issues show them. */
const recordsByRequest = new WeakMap<GraphQLContext, Map<string, Promise<schema.GitHubIssueTypeRow[]>>>();

async function recordedTypesFor(context: GraphQLContext, repositoryId: string) {
  let perRepository = recordsByRequest.get(context);
  if (!perRepository) {
    perRepository = new Map();
    recordsByRequest.set(context, perRepository);
  }
  let records = perRepository.get(repositoryId);
  if (!records) {
    records = issueTypeOwnersOf(context.db, repositoryId).then((owners) =>
      owners.length
        ? context.db
            .select()
            .from(githubIssueTypes)
            .where(inArray(githubIssueTypes.ownerLogin, owners))
            .orderBy(githubIssueTypes.ownerLogin, githubIssueTypes.position)
        : [],
    );
    perRepository.set(repositoryId, records);
  }
  return records;
}

/** Gantry's record of the type, or null when it has none. */
export async function issueTypeRecord(
  context: GraphQLContext,
  value: IssueTypeValue,
): Promise<schema.GitHubIssueTypeRow | null> {
  if (value.record !== undefined) return value.record;
  if (!value.repositoryId) return null;
  const name = value.name.toLowerCase();
  return (
    (await recordedTypesFor(context, value.repositoryId)).find((record) => record.name.toLowerCase() === name) ?? null
  );
}

/** The id `issueTypeId` takes: the record's, else one made of the name. */
export function issueTypeId(value: IssueTypeValue, record: schema.GitHubIssueTypeRow | null): string {
  return encodeGlobalID("GithubIssueType", record ? record.id : `${BY_NAME}${value.name}`);
}

/** What an `issueTypeId` names: an issue type's name, and the organisation it belongs to when recorded. */
export interface ChosenIssueType {
  name: string;
  ownerLogin: string | null;
}

/** Reads an `issueTypeId` back; anything not an issue type's id, or a record that no longer exists, is refused. */
export async function issueTypeOfId(db: Executor, id: string, field = "issueTypeId"): Promise<ChosenIssueType> {
  const refuse = (message: string): never => {
    throw new GantryError("BAD_USER_INPUT", message, { field });
  };
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(id);
  } catch {
    return refuse(`"${id.slice(0, 80)}" is not an issue type id.`);
  }
  if (decoded.typename !== "GithubIssueType" && decoded.typename !== "GantryIssueType")
    return refuse(`"${id.slice(0, 80)}" is not an issue type id.`);
  if (decoded.id.startsWith(BY_NAME)) {
    const name = decoded.id.slice(BY_NAME.length).trim();
    if (!name || name.length > NAME_MAX) return refuse(`"${id.slice(0, 80)}" is not an issue type id.`);
    return { name, ownerLogin: null };
  }
  if (!UUID.test(decoded.id)) return refuse(`"${id.slice(0, 80)}" is not an issue type id.`);
  const [record] = await db.select().from(githubIssueTypes).where(eq(githubIssueTypes.id, decoded.id));
  if (!record) return refuse("No such issue type: its organisation no longer has it.");
  return { name: record.name, ownerLogin: record.ownerLogin };
}

/**
 * Refuses a type the repository's issues cannot take (another organisation's, or a disabled one), before
 * anything is written; answers its name.
 */
export async function issueTypeForRepository(db: Executor, repositoryId: string, chosen: ChosenIssueType) {
  const owners = await issueTypeOwnersOf(db, repositoryId);
  const open = await enabledIssueTypes(db, chosen.ownerLogin ? owners.filter((o) => o === chosen.ownerLogin) : owners);
  const match = open.find((type) => type.name.toLowerCase() === chosen.name.toLowerCase());
  if (!match)
    throw new GantryError(
      "BAD_USER_INPUT",
      `The issue type ${chosen.name} is not one this repository's issues can take (its organisation's enabled issue types).`,
      { field: "issueTypeId" },
    );
  return match.name;
}
