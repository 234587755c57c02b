/** GraphQL over real HTTP to a listening server, as a browser client calls it. */
import { Agent, request } from "node:http";

export type GraphQLClient = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

type Answer<T> = { data?: T; errors?: { message: string }[] };

/** A client of the server at `origin` (http://host:port) sending `token`; GraphQL errors throw. */
export function graphqlClient(origin: string, token: string): GraphQLClient {
  const url = `${origin}/graphql`;
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return dataOf((await response.json()) as Answer<T>, response.status);
  };
}

/**
 * `graphqlClient` on `node:http` with a keep-alive agent of its own (up to `sockets` connections), for
 * benchmarks whose many clients share the bench process: it costs that process less CPU a request than
 * fetch (decision 0051).
 */
export function leanGraphqlClient(origin: string, token: string, sockets = 64): GraphQLClient {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return <T>(query: string, variables: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const body = JSON.stringify({ query, variables });
      const sent = request(
        {
          host: hostname,
          port,
          path: "/graphql",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            try {
              resolve(dataOf(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Answer<T>, response.statusCode));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      sent.on("error", reject);
      sent.end(body);
    });
}

function dataOf<T>(answer: Answer<T>, status: number | undefined): T {
  if (answer.errors?.length || !answer.data) {
    throw new Error(`GraphQL error: ${answer.errors?.map((error) => error.message).join("; ") ?? status}`);
  }
  return answer.data;
}
