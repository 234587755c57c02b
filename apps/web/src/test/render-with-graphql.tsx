import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AuthProvider } from "../accounts/auth-context";
import { defaultRuntimeConfig, RuntimeConfigContext } from "../app/runtime-config";

export interface GraphQLCall {
  operation: string;
  variables: Record<string, unknown>;
}

/** Answers one operation: `{ data }` or `{ errors }` (or a promise of one, to hold an answer back), as /graphql would. */
export type GraphQLHandler = (call: GraphQLCall) => unknown;

interface Options {
  path: string;
  /** The first entry, e.g. "/invite?token=x" or one carrying navigation state. */
  entry?: string | { pathname: string; state: unknown };
  otherPaths?: string[];
  /** Real pages the page may go to. */
  extraRoutes?: RouteObject[];
  graphql: GraphQLHandler;
  /** Answers the other calls the page makes (e.g. /api/auth/*), by path. */
  http?: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

/**
 * The board's first pages read together (board/first-pages.ts) are answered page by page as the
 * `boardPipelineIssues` calls a test's handler knows, recorded after the shared call.
 */
async function answerFirstPages(call: GraphQLCall, graphql: GraphQLHandler, calls: GraphQLCall[]) {
  const { workspaceId, first, filters, query } = call.variables;
  const data: Record<string, unknown> = {};
  const errors: unknown[] = [];
  for (let index = 0; `p${index}` in call.variables; index++) {
    const variables = {
      pipelineId: call.variables[`p${index}`],
      workspaceId,
      sortType: call.variables[`s${index}`],
      first,
      filters,
      query,
      after: null,
    };
    const page = { operation: "boardPipelineIssues", variables };
    calls.push(page);
    const answer = (await graphql(page)) as { data?: { searchIssuesByPipeline?: unknown }; errors?: unknown[] };
    data[`p${index}`] = answer.data?.searchIssuesByPipeline ?? null;
    errors.push(...(answer.errors ?? []));
  }
  return errors.length > 0 ? { data, errors } : { data };
}

/**
 * Renders a page that reads the API, inside the query client, auth and router, with /graphql
 * answered by `graphql`. Returns the calls made, in order, by operation name.
 */
export function renderWithGraphQL(
  page: ReactNode,
  { path, entry = path, otherPaths = [], extraRoutes = [], graphql, http }: Options,
) {
  const calls: GraphQLCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      // A session kept from an earlier visit is loaded as the app does on start.
      if (url.startsWith("/api/user-info")) {
        return Response.json({ flags: [], user: { zh: { raptorId: "u1", email: "ada@acme.io" }, gh: null } });
      }
      if (http && !url.startsWith("/graphql")) return http(url, init);
      const { query, variables } = JSON.parse(String(init?.body)) as {
        query: string;
        variables: Record<string, unknown>;
      };
      const operation = query.match(/^\s*(?:query|mutation)\s+(\w+)/)?.[1] ?? "anonymous";
      const call = { operation, variables };
      calls.push(call);
      if (operation === "boardFirstPages") return Response.json(await answerFirstPages(call, graphql, calls));
      return Response.json(await graphql(call));
    }),
  );
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...extraRoutes,
      ...otherPaths.map((other) => ({ path: other, element: <h1>{other}</h1> })),
    ],
    { initialEntries: [entry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <RuntimeConfigContext.Provider value={defaultRuntimeConfig}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider storage={window.sessionStorage}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </RuntimeConfigContext.Provider>,
  );
  return { calls, router };
}
