import { Octokit } from "@octokit/rest";
import { createHubSandbox, type HubSandbox, type HubSandboxOptions } from "../sandbox.js";
import { seedDemo } from "../seed/demo.js";
import { assertGitHubResponse } from "./openapi.js";

export const testApp = { clientId: "test-client", clientSecret: "test-secret" };

export interface TestSandbox extends HubSandbox {
  /** An Octokit client, as Gantry builds one, that fails any response GitHub's OpenAPI description would not allow. */
  octokit(token?: string): Octokit;
  /** A token for a seeded account, issued without the OAuth dance. */
  tokenFor(login: string): string;
}

function pathBelow(apiUrl: string, url: string): string {
  return new URL(url).pathname.slice(new URL(apiUrl).pathname.replace(/\/$/, "").length) || "/";
}

/** A sandbox with the demo data on 127.0.0.1 and a random port. */
export async function startTestSandbox(options: HubSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await createHubSandbox({
    host: "127.0.0.1",
    port: 0,
    seed: seedDemo,
    oauthApps: [testApp],
    ...options,
  });
  return {
    ...sandbox,
    octokit(token?: string) {
      const octokit = new Octokit({
        baseUrl: sandbox.apiUrl,
        auth: token,
        log: { debug() {}, info() {}, warn() {}, error() {} },
      });
      octokit.hook.wrap("request", async (request, requestOptions) => {
        // GitHub's GraphQL API is described by its own schema, not the REST description.
        if (requestOptions.url === "/graphql") return request(requestOptions);
        try {
          const response = await request(requestOptions);
          assertGitHubResponse(
            requestOptions.method,
            pathBelow(sandbox.apiUrl, response.url),
            response.status,
            response.data,
          );
          return response;
        } catch (error) {
          if (error instanceof Error && "response" in error && typeof error.response === "object" && error.response) {
            const { url, status, data } = error.response as { url: string; status: number; data: unknown };
            assertGitHubResponse(requestOptions.method, pathBelow(sandbox.apiUrl, url), status, data);
          }
          throw error;
        }
      });
      return octokit;
    },
    tokenFor(login: string) {
      const account = sandbox.store.accountByLogin(login);
      if (!account) throw new Error(`no seeded account ${login}`);
      return sandbox.store.issueToken(account);
    },
  };
}

export interface FailedResponse {
  status: number;
  headers: Record<string, string | number | undefined>;
  data: unknown;
}

/** The response an Octokit call failed with (Octokit throws on 304 and on every 4xx/5xx). */
export async function failureOf(call: Promise<unknown>): Promise<FailedResponse> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && "status" in error && typeof error.status === "number") {
      const response = "response" in error ? (error.response as Partial<FailedResponse> | undefined) : undefined;
      return { status: error.status, headers: response?.headers ?? {}, data: response?.data };
    }
    throw error;
  }
  throw new Error("expected the request to fail, and it succeeded");
}
