import { schema } from "@gantry/db";
import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import type { GraphQLSchema } from "graphql";
import { listSavedViews } from "../board/saved-views.js";
import { issueWriteDeps } from "../board/schema.js";
import type { GraphQLContext } from "../graphql/context.js";
import { listComments } from "../issues/comments.js";
import { readableIssue } from "../issues/lookups.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { sprintIssueRows } from "../sprints/sprint-issues-schema.js";
import { GITHUB_IDENTITY_NODE, loadGitHubIdentity } from "./comment-authors.js";
import { ANSWERED_AS } from "./reference-types.js";

const { issueComments, issueDependencies, sprintConfigs, sprints } = schema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loads the node an id's inside names, for the viewer; null when there is none or they may not see it. */
type NodeLoader = (id: string, context: GraphQLContext) => Promise<object | null>;

const isVisibleWorkspace = async (context: GraphQLContext, workspaceId: string) =>
  (await visibleWorkspaceIds(context)).has(workspaceId);

/** A blockage belongs to one workspace's board: the viewer sees it when they can open that board. */
const blockage: NodeLoader = async (id, context) => {
  if (!UUID.test(id)) return null;
  const [row] = await context.db.select().from(issueDependencies).where(eq(issueDependencies.id, id));
  return row && (await isVisibleWorkspace(context, row.workspaceId)) ? row : null;
};

/**
 * Types the public schema serves as Nodes (the reference's) whose rows Gantry's own schema does not load by id
 * (decision 0095): `node`/`nodes` load them here, with the rule the list that hands their ids out applies.
 */
const NODE_LOADERS: Record<string, NodeLoader> = {
  Blockage: blockage,
  IssueDependency: blockage,
  /** Only the viewer's own views and the shared ones, as `Workspace.savedViews` lists them. */
  SavedView: async (id, context) => {
    if (!UUID.test(id) || !context.viewer) return null;
    const [row] = await context.db
      .select({ workspaceId: schema.savedViews.workspaceId })
      .from(schema.savedViews)
      .where(eq(schema.savedViews.id, id));
    if (!row || !(await isVisibleWorkspace(context, row.workspaceId))) return null;
    const views = await listSavedViews(context.db, context.viewer.id, row.workspaceId);
    return views.find((view) => view.id === id) ?? null;
  },
  SprintConfig: async (id, context) => {
    if (!UUID.test(id)) return null;
    const [row] = await context.db.select().from(sprintConfigs).where(eq(sprintConfigs.id, id));
    return row && (await isVisibleWorkspace(context, row.workspaceId)) ? row : null;
  },
  /** A SprintIssue's id is its sprint's and its issue's (sprints/sprint-issues-schema.ts). */
  SprintIssue: async (id, context) => {
    const [sprintId, issueId, rest] = id.split(":");
    if (!sprintId || !issueId || rest !== undefined || !UUID.test(sprintId) || !UUID.test(issueId)) return null;
    const [sprint] = await context.db
      .select({ workspaceId: sprints.workspaceId })
      .from(sprints)
      .where(eq(sprints.id, sprintId));
    if (!sprint || !(await isVisibleWorkspace(context, sprint.workspaceId))) return null;
    const [row] = await sprintIssueRows(context.db, [sprintId], [issueId]);
    return row ?? null;
  },
  /**
   * A native comment's id is its row's, a GitHub one's "issueId:commentId" (issues/comments.ts): it is read as
   * the issue's comments are, from Gantry or from GitHub, when the viewer can read the issue.
   */
  Comment: async (id, context) => {
    const viewer = context.viewer;
    if (!viewer) return null;
    const [gitHubIssueId, gitHubCommentId, rest] = id.split(":");
    let issueId: string | undefined;
    if (gitHubCommentId === undefined) {
      if (!UUID.test(id)) return null;
      const [row] = await context.db
        .select({ issueId: issueComments.issueId })
        .from(issueComments)
        .where(eq(issueComments.id, id));
      issueId = row?.issueId;
    } else if (gitHubIssueId && UUID.test(gitHubIssueId) && /^\d+$/.test(gitHubCommentId) && rest === undefined) {
      issueId = gitHubIssueId;
    }
    if (!issueId || !(await readableIssue(context.db, viewer.id, issueId))) return null;
    const comments = await listComments(issueWriteDeps(context), viewer.id, issueId);
    return comments.find((comment) => comment.id === id) ?? null;
  },
  /** A comment's author who has no Gantry account the viewer may see, as GitHub describes them now. */
  [GITHUB_IDENTITY_NODE]: loadGitHubIdentity,
};

/** Ids whose type name is not the type they answer as (a GitHub identity is a GantryUser, comment-authors.ts). */
const ANSWERS_AS: Record<string, string> = { [GITHUB_IDENTITY_NODE]: "GantryUser" };

/** The loader an id names, with the id inside it; null for ids Gantry's own schema loads. */
function publicNode(globalId: unknown): { typename: string; id: string; loader: NodeLoader } | null {
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(String(globalId));
  } catch {
    return null;
  }
  const loader = NODE_LOADERS[decoded.typename];
  return loader ? { ...decoded, loader } : null;
}

/** The node an id of a type above names, marked to answer as that type (reference-types.ts); undefined for any other id. */
function loadPublicNode(globalId: unknown, context: GraphQLContext): Promise<object | null> | undefined {
  const node = publicNode(globalId);
  if (!node) return undefined;
  return node
    .loader(node.id, context)
    .then((row) =>
      row ? Object.create(row, { [ANSWERED_AS]: { value: ANSWERS_AS[node.typename] ?? node.typename } }) : null,
    );
}

/** `node` and `nodes` answer the types above too; every other id goes to Gantry's loaders as before. */
export function withNodeLoaders(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.QUERY_ROOT_FIELD]: (field, fieldName) => {
      const resolve = field.resolve;
      if (!resolve || (fieldName !== "node" && fieldName !== "nodes")) return field;
      return {
        ...field,
        resolve: (source, args: { id?: string; ids?: string[] }, context: GraphQLContext, info) => {
          if (fieldName === "node") return loadPublicNode(args.id, context) ?? resolve(source, args, context, info);
          const ids = args.ids ?? [];
          if (!ids.some((id) => publicNode(id))) return resolve(source, args, context, info);
          return Promise.all(
            ids.map(
              (id) =>
                loadPublicNode(id, context) ??
                Promise.resolve(resolve(source, { ids: [id] }, context, info)).then(
                  (rows) => (rows as unknown[])[0] ?? null,
                ),
            ),
          );
        },
      };
    },
  });
}
