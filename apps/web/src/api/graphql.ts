/** A GraphQL error the server meant for the client, with its `extensions.code` (see docs/architecture.md). */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly extensions: Record<string, unknown>,
  ) {
    super(message);
    this.name = "GraphQLRequestError";
  }
}

interface GraphQLResponse<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * POSTs one operation to /graphql. The first error of the answer is thrown as a
 * GraphQLRequestError; a network failure or a non-JSON answer as NETWORK_ERROR.
 * `sent`: the same operation already on its way (the board's early request), read instead of sending.
 */
export async function graphqlRequest<Data>(
  query: string,
  variables: Record<string, unknown> = {},
  token: string | null = null,
  sent?: Promise<Response>,
): Promise<Data> {
  let response: Response;
  try {
    response = await (sent ??
      fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      }));
  } catch {
    throw new GraphQLRequestError(
      "Could not reach the server. Check your connection and try again.",
      "NETWORK_ERROR",
      {},
    );
  }
  let body: GraphQLResponse<Data>;
  try {
    body = (await response.json()) as GraphQLResponse<Data>;
  } catch {
    throw new GraphQLRequestError("The server gave an answer that could not be read.", "NETWORK_ERROR", {});
  }
  const [error] = body.errors ?? [];
  if (error) {
    const extensions = error.extensions ?? {};
    const code = typeof extensions.code === "string" ? extensions.code : "INTERNAL_SERVER_ERROR";
    throw new GraphQLRequestError(error.message, code, extensions);
  }
  if (!body.data) throw new GraphQLRequestError("The server answered without data.", "INTERNAL_SERVER_ERROR", {});
  return body.data;
}
