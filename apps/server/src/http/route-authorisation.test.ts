import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDP_CERT } from "../signin/testing/saml-idp.js";
import { createTestApp, type TestApp } from "../testing/app.js";

/**
 * How a route decides who may call it. Every route the app serves is listed here with its rule;
 * a new route fails the first test below until it is added, which is the moment to decide.
 */
type Access =
  /** Anyone, on purpose: the reason says why. */
  | { public: string }
  /** A session token (Authorization: Bearer) of a signed-in person. */
  | "session"
  /** A personal API key. */
  | "apiKey"
  /** GitHub's HMAC signature of the body. */
  | "signature"
  /** Loopback callers, or anyone presenting METRICS_TOKEN. */
  | "loopbackOrToken";

const SIGN_IN = { public: "signing in, up or out, and recovering an account: the caller has no session yet" };
const WEB_APP = { public: "the single-page app's shell and build stamp hold no data" };
const DOCS = { public: "the public API's documentation" };

const ROUTES: Record<string, Access> = {
  "GET /ping": { public: "liveness for load balancers" },
  "GET /healthz": { public: "liveness for orchestrators" },
  "GET /readyz": { public: "readiness for orchestrators; says only whether the database answers" },
  "GET /metrics": "loopbackOrToken",
  "GET /version.json": WEB_APP,
  "GET /index.html": WEB_APP,
  "GET /build.json": WEB_APP,
  "GET /docs/api": DOCS,
  "GET /docs/api/getting-started": DOCS,
  "GET /docs/api/docs.css": DOCS,
  // Each field names its own rule: graphql/permissions.test.ts keeps the list, and the permission matrix tests it.
  "GET /graphql": { public: "the transport only: every root field carries its own authorisation rule" },
  "POST /graphql": { public: "the transport only: every root field carries its own authorisation rule" },
  "OPTIONS /graphql": { public: "CORS preflight" },
  "POST /public/graphql": "apiKey",
  "GET /public/graphql": { public: "answers 405 Method Not Allowed" },
  "PUT /public/graphql": { public: "answers 405 Method Not Allowed" },
  "PATCH /public/graphql": { public: "answers 405 Method Not Allowed" },
  "DELETE /public/graphql": { public: "answers 405 Method Not Allowed" },
  "POST /public/zenhub/graphql": "apiKey",
  "GET /public/zenhub/graphql": { public: "answers 405 Method Not Allowed" },
  "PUT /public/zenhub/graphql": { public: "answers 405 Method Not Allowed" },
  "PATCH /public/zenhub/graphql": { public: "answers 405 Method Not Allowed" },
  "DELETE /public/zenhub/graphql": { public: "answers 405 Method Not Allowed" },
  "POST /api/auth/signup": SIGN_IN,
  "POST /api/auth/login": SIGN_IN,
  "POST /api/auth/signout": SIGN_IN,
  "POST /api/auth/signout-everywhere": "session",
  "POST /api/auth/verify-email": SIGN_IN,
  "POST /api/auth/resend-verification-email": SIGN_IN,
  "POST /api/auth/reset-password": SIGN_IN,
  "POST /api/auth/password-reset-email": SIGN_IN,
  "POST /api/auth/unlock": SIGN_IN,
  "POST /api/auth/unlock-token": SIGN_IN,
  "GET /api/auth/providers": { public: "the sign-in page lists the providers before anyone is signed in" },
  "POST /gantry_users/auth/saml": SIGN_IN,
  "POST /gantry_users/auth/saml/callback": SIGN_IN,
  "GET /gantry_users/auth/saml/metadata": { public: "the identity provider reads the service provider's metadata" },
  "POST /gantry_users/auth/google_oauth2": SIGN_IN,
  "GET /gantry_users/auth/google_oauth2/callback": SIGN_IN,
  "POST /gantry_users/auth/github": SIGN_IN,
  "GET /gantry_users/auth/github/callback": SIGN_IN,
  "POST /webhooks/github": "signature",
  "GET /api/user-info": "session",
  "GET /api/v1/workspaces/:workspaceId/repositories/:repoId/issues/:issueNumber": "session",
  "GET /dev/outbox": { public: "development only: never registered in production (see mail/outbox-route.ts)" },
  "GET /dev/outbox.json": { public: "development only: never registered in production" },
  "POST /__test/clock": { public: "end-to-end tests only: GANTRY_TEST_CLOCK is refused in production" },
};

/** "METHOD /path" for every route, read from Fastify's route tree (HEAD beside GET is Fastify's own). */
function servedRoutes(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    paths[depth] = `${depth > 0 ? paths[depth - 1] : ""}${match[2]}`;
    for (const method of (match[3] ?? "").split(", ").filter((m) => m && m !== "HEAD")) {
      routes.push(`${method} ${paths[depth]}`);
    }
  }
  return routes.sort();
}

describe("authorisation of every HTTP route", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every optional part switched on, so its routes are registered: GitHub, both kinds of single sign-on, the test clock.
    t = await createTestApp(
      {
        GANTRY_EDITION: "enterprise",
        GANTRY_TEST_CLOCK: "true",
        SIGNIN_PROVIDERS: "google_oauth2,saml",
        GOOGLE_ISSUER: "http://127.0.0.1:9/",
        GOOGLE_CLIENT_ID: "client",
        GOOGLE_CLIENT_SECRET: "secret",
        SAML_ENTRY_POINT: "http://127.0.0.1:9/sso",
        SAML_IDP_CERT: IDP_CERT,
        SAML_IDP_ISSUER: "http://127.0.0.1:9/idp",
        METRICS_TOKEN: "metrics-token-for-tests",
      },
      {
        github: {
          webUrl: "http://127.0.0.1:9",
          apiUrl: "http://127.0.0.1:9/api/v3",
          clientId: "id",
          clientSecret: "secret",
          reconcileIntervalMs: 0,
        },
      },
    );
  });
  afterAll(() => t.close());

  it("names an authorisation rule for every route it serves, and serves every route named", () => {
    expect(servedRoutes(t.app.printRoutes({ commonPrefix: false }))).toEqual(Object.keys(ROUTES).sort());
  });

  /** The answer to a caller without credentials. */
  const REFUSAL: Record<Exclude<Access, { public: string }>, number> = {
    session: 401,
    apiKey: 401,
    loopbackOrToken: 401,
    // An unsigned delivery naming no connected repository; codehost/webhook-route tests cover bad signatures.
    signature: 404,
  };
  const guarded = Object.entries(ROUTES).flatMap(([route, access]) =>
    typeof access === "string" ? [[route, access] as const] : [],
  );
  it.each(guarded)("refuses %s to a caller without credentials", async (route, access) => {
    const [method, path] = route.split(" ") as [string, string];
    const url = path.replace(/:(\w+)/g, "1");
    // /metrics trusts loopback callers, so this caller comes from elsewhere.
    const remoteAddress = access === "loopbackOrToken" ? "203.0.113.7" : "127.0.0.1";
    const response = await t.app.inject({
      method: method as "GET",
      url,
      remoteAddress,
      ...(method === "POST" ? { payload: { query: "{ version }" } } : {}),
    });
    expect({ route, status: response.statusCode }).toEqual({ route, status: REFUSAL[access] });
  });
});
