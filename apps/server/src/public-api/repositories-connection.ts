import type { GraphQLFieldConfig } from "graphql";

type Page<Node> = { edges?: { node?: Node | null }[] } | null | undefined;

/**
 * `Workspace.repositoriesConnection` is the reference's `RepositoryConnection` of repositories; the web app's field
 * answers each repository's connection to the workspace (`WorkspaceRepository`, which the reference serves as
 * `Workspace.workspaceRepositories`). Here each edge answers the repository itself, so `Repository` fields read one.
 */
export function repositoriesAsNodes(field: GraphQLFieldConfig<unknown, unknown>): GraphQLFieldConfig<unknown, unknown> {
  const resolve = field.resolve;
  if (!resolve) throw new Error("Workspace.repositoriesConnection has no resolver to reshape.");
  const asRepositories = (page: Page<{ repository?: unknown }>): Page<unknown> =>
    page?.edges ? { ...page, edges: page.edges.map((edge) => ({ ...edge, node: edge.node?.repository })) } : page;
  return {
    ...field,
    resolve: async (source, args, context, info) =>
      asRepositories((await resolve(source, args, context, info)) as Page<{ repository?: unknown }>),
  };
}
