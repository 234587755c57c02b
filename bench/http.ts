/** GraphQL over real HTTP to a listening server, as a browser client calls it. */
import type { AddressInfo } from "node:net";
import type { TestApp } from "../apps/server/src/testing/app.js";

export type GraphQLClient = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** Starts the app on a free loopback port and returns a client sending `token`. */
export async function listen(t: TestApp, token: string): Promise<GraphQLClient> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return graphqlClient(`http://127.0.0.1:${port}`, token);
}

/** A client of the server at `origin` (http://host:port) sending `token`; GraphQL errors throw. */
export function graphqlClient(origin: string, token: string): GraphQLClient {
  const url = `${origin}/graphql`;
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (answer.errors?.length || !answer.data) {
      throw new Error(`GraphQL error: ${answer.errors?.map((error) => error.message).join("; ") ?? response.status}`);
    }
    return answer.data;
  };
}
