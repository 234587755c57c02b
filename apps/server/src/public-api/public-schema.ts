import type { schema as db } from "@gantry/db";
import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { type DefaultConnectionArguments, encodeGlobalID } from "@pothos/plugin-relay";
import {
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldResolver,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  GraphQLString,
  isObjectType,
} from "graphql";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { withCursorChecks } from "../graphql/cursors.js";
import { schema } from "../graphql/schema.js";
import { withCommentAuthorsAsGantryUsers } from "./comment-authors.js";
import { epicLabelsAsConnection, type PublicLabel } from "./epic-labels-view.js";
import { withGitHubLabelCreation } from "./github-labels.js";
import { withNodeLoaders } from "./node-loaders.js";
import { withOwnerLookups } from "./owners-schema.js";
import { withReferenceSurface } from "./reference-surface.js";
import { withReferenceTypes } from "./reference-types.js";
import { repositoriesAsNodes } from "./repositories-connection.js";
import { everyRepositoryGhId } from "./repository-gh-id.js";
import { recordedLabelOf } from "./served-fields/label-fields.js";
import { withStrategicItemsAsIssues } from "./strategic-items-view.js";
import { zenhubViewOf } from "./zenhub-view.js";

type IssueLabel = db.IssueLabel;
type IssueUser = db.IssueUser;

let publicSchemas: { gantry: GraphQLSchema; zenhub: GraphQLSchema } | undefined;

/** What /public/graphql and /public/zenhub/graphql serve, built once per process from the one schema. */
export function servedPublicSchemas(): { gantry: GraphQLSchema; zenhub: GraphQLSchema } {
  if (!publicSchemas) {
    const gantry = publicSchemaOf(schema);
    publicSchemas = { gantry, zenhub: zenhubViewOf(gantry) };
  }
  return publicSchemas;
}

/**
 * The public endpoint's schema: the web app's, with the shapes the reference API has and the web app does not
 * want (decision 0061: one schema, additions only; shape changes live here). `Issue.labels` and
 * `Issue.assignees` are lists the board reads for every card, and the reference's connections of `Label` and
 * GitHub `User` nodes; here they are those connections over the same lists.
 */
export function publicSchemaOf(schema: GraphQLSchema): GraphQLSchema {
  const pageInfo = schema.getType("PageInfo");
  if (!isObjectType(pageInfo)) throw new Error("The schema has no PageInfo type to build connections with.");
  const labels = connectionOf(labelType, pageInfo);
  const users = connectionOf(userType, pageInfo);
  const reshaped = mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) => {
      if (typeName === "GantryEpic" && fieldName === "labels") return epicLabelsAsConnection(field, labels);
      if (typeName === "Repository" && fieldName === "ghId") return everyRepositoryGhId(field);
      if (typeName === "Workspace" && fieldName === "repositoriesConnection") return repositoriesAsNodes(field);
      if (typeName !== "Issue") return field;
      if (fieldName === "labels") {
        return listAsConnection(field, labels, (label: IssueLabel, issue: { repositoryId: string | null }) => ({
          ...label,
          repositoryId: issue.repositoryId,
        }));
      }
      if (fieldName === "assignees") return listAsConnection(field, users, (user: IssueUser) => user);
      return field;
    },
  });
  // Typed as the reference last, so every field the steps before add gets the reference's types too; the
  // connections those steps add check their cursors as the web app's schema's do.
  return withCursorChecks(
    withNodeLoaders(
      withCommentAuthorsAsGantryUsers(
        withReferenceTypes(
          withStrategicItemsAsIssues(withGitHubLabelCreation(withOwnerLookups(withReferenceSurface(reshaped)))),
        ),
      ),
    ),
  );
}

const CONNECTION_ARGS: GraphQLFieldConfigArgumentMap = {
  after: { type: GraphQLString, description: "Returns the elements in the list that come after the specified cursor." },
  before: {
    type: GraphQLString,
    description: "Returns the elements in the list that come before the specified cursor.",
  },
  first: { type: GraphQLInt, description: "Returns the first _n_ elements from the list." },
  last: { type: GraphQLInt, description: "Returns the last _n_ elements from the list." },
};

/**
 * The reference's `Label`: an issue's copy of a GitHub label (its name and colour), or an epic's Gantry label.
 * GitHub's ids and Gantry's record times come with the reference surface (served-fields/label-fields.ts,
 * decision 0086).
 */
const labelType = new GraphQLObjectType<PublicLabel>({
  name: "Label",
  description: "A GitHub label on an issue. Its id is stable per repository and name.",
  fields: {
    id: {
      type: new GraphQLNonNull(GraphQLID),
      // A Gantry label (an epic's) answers its own id, which the label mutations take.
      resolve: (label) =>
        label.gantryLabelId
          ? encodeGlobalID("GantryLabel", label.gantryLabelId)
          : encodeGlobalID("Label", `${label.repositoryId ?? ""}:${label.name}`),
    },
    name: { type: new GraphQLNonNull(GraphQLString) },
    color: { type: GraphQLString },
    description: {
      type: GraphQLString,
      description: "The label's description: a Gantry label's, or a GitHub label's as Gantry recorded it from GitHub.",
      resolve: async (label, _args, context: GraphQLContext) =>
        label.description ?? (await recordedLabelOf(context, label))?.description ?? null,
    },
  },
});

/**
 * The reference's GitHub `User` (not the Gantry account, `GantryUser`), as an issue's assignee list tells it.
 * GitHub's numeric and node ids are not kept: they read null, as the reference allows.
 */
const userType = new GraphQLObjectType<IssueUser>({
  name: "User",
  description: "A GitHub user assigned to an issue. Its id is stable per login.",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (user) => encodeGlobalID("User", user.login) },
    login: { type: new GraphQLNonNull(GraphQLString) },
    avatarUrl: {
      type: new GraphQLNonNull(GraphQLString),
      description: "GitHub's avatar address; empty when GitHub gave none (a native issue's assignee).",
      resolve: (user) => user.avatarUrl ?? "",
    },
    name: { type: GraphQLString, description: "Not kept: always null.", resolve: () => null },
    ghId: { type: GraphQLInt, description: "Not kept: always null.", resolve: () => null },
    ghNodeId: { type: GraphQLID, description: "Not kept: always null.", resolve: () => null },
  },
});

/** `{Name}Connection` and `{Name}Edge` as the reference writes every connection. */
function connectionOf(node: GraphQLObjectType, pageInfo: GraphQLObjectType): GraphQLObjectType {
  const nonNull = (type: GraphQLOutputType) => new GraphQLNonNull(type);
  const edge = new GraphQLObjectType({
    name: `${node.name}Edge`,
    description: "An edge in a connection.",
    fields: {
      cursor: { type: nonNull(GraphQLString), description: "A cursor for use in pagination." },
      node: { type: nonNull(node), description: "The item at the end of the edge." },
    },
  });
  return new GraphQLObjectType<ReturnType<typeof arrayConnection>>({
    name: `${node.name}Connection`,
    description: `The connection type for ${node.name}.`,
    fields: {
      edges: { type: nonNull(new GraphQLList(nonNull(edge))), description: "A list of edges." },
      nodes: {
        type: nonNull(new GraphQLList(nonNull(node))),
        description: "A list of nodes.",
        resolve: (connection) => connection.edges.map((e) => e?.node),
      },
      pageInfo: { type: nonNull(pageInfo), description: "Information to aid in pagination." },
      totalCount: { type: nonNull(GraphQLInt) },
    },
  });
}

/** A list field made a connection over the same list, each item shaped for the connection's node type. */
export function listAsConnection<T, S>(
  field: GraphQLFieldConfig<S, unknown>,
  connection: GraphQLObjectType,
  shape: (item: T, source: S) => unknown,
): GraphQLFieldConfig<S, unknown> {
  const resolveList = field.resolve as GraphQLFieldResolver<S, unknown, Record<string, unknown>> | undefined;
  return {
    ...field,
    type: new GraphQLNonNull(connection),
    args: CONNECTION_ARGS,
    resolve: async (source, args: DefaultConnectionArguments, context, info) => {
      const list = ((resolveList ? await resolveList(source, {}, context, info) : null) ?? []) as T[];
      return arrayConnection(
        args,
        list.map((item) => shape(item, source)),
      );
    },
  };
}
