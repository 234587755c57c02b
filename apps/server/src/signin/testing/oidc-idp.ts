import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the provider knows, with the claims it puts in their ID token. */
export interface OidcAccount {
  sub: string;
  claims: Record<string, unknown>;
}

export const OIDC_CLIENT = { clientId: "gantry-test", clientSecret: "gantry-test-secret-0123456789abcdef" };

/**
 * A real OpenID Provider (`oidc-provider`) on loopback standing in for Google or Microsoft
 * Entra: authorization code with PKCE required, one confidential client for Gantry. Its login
 * and consent pages are stand-ins a browser "submits" by loading /interaction/{uid}?login=…,
 * which signs in as that account and grants the requested scopes.
 */
export async function startOidcProvider(callbackUrls: string[], accounts: OidcAccount[]) {
  const known = new Map(accounts.map((account) => [account.sub, account]));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: callbackUrls,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = known.get(sub);
      return account ? { accountId: sub, claims: async () => ({ sub, ...account.claims }) } : undefined;
    },
    claims: { openid: ["sub"], email: ["email", "email_verified", "xms_edov"], profile: ["name"] },
    // As Google and Entra do, the ID token carries the scopes' claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["test-only-oidc-cookie-key"] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const handle = provider.callback();

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (!url.pathname.startsWith("/interaction/")) {
      handle(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        const login = url.searchParams.get("login") ?? "";
        if (!known.has(login)) {
          res.writeHead(200, { "content-type": "text/plain" }).end("login form");
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? "",
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    });
  });

  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The browser between Gantry and the provider: follows the provider's redirects with its
 * cookies, "submits" its login page as `login`, and stops at the first redirect back to Gantry,
 * returning that URL.
 */
export async function browseProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizeUrl);
  const issuerOrigin = url.origin;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const [name = "", ...value] = pair.split("=");
      jar.set(name, value.join("="));
    }
    const location = response.headers.get("location");
    if (response.status === 200 && url.pathname.startsWith("/interaction/") && !url.searchParams.has("login")) {
      url.searchParams.set("login", login);
      continue;
    }
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url);
    if (url.origin !== issuerOrigin) return url;
  }
  throw new Error("too many redirects at the provider");
}
