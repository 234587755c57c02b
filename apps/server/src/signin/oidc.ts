import * as oidc from "openid-client";
import type { OidcConfig } from "./config.js";
import type { ProviderIdentity } from "./identities.js";

/** What the browser carries (sealed) between the redirect to the provider and its callback. */
export interface OidcPending {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * OpenID Connect sign-in (Google, Microsoft Entra): authorization code with PKCE, and the state
 * and nonce of the request checked on the way back by openid-client. The issuer's metadata is
 * read once, when it is first needed, so a provider that is down does not stop the server.
 */
export class OidcSignin {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly config: OidcConfig,
    private readonly callbackUrl: string,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.config.issuer);
      this.discovered = oidc
        .discovery(
          issuer,
          this.config.clientId,
          this.config.clientSecret,
          undefined,
          // Plain http only for a loopback issuer (the tests' provider); real providers are https.
          issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.discovered = null;
          throw error;
        });
    }
    return this.discovered;
  }

  async start(): Promise<{ url: URL; pending: OidcPending }> {
    const configuration = await this.configuration();
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl,
      scope: "openid email profile",
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: "S256",
    });
    return { url, pending };
  }

  /** Exchanges the code; throws when the state, nonce, PKCE verifier or ID token do not check out. */
  async finish(currentUrl: URL, pending: OidcPending): Promise<ProviderIdentity> {
    const configuration = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("the provider answered without an ID token");
    const email = typeof claims.email === "string" ? claims.email : null;
    return {
      subject: claims.sub,
      email,
      // Entra marks a domain-verified address with xms_edov rather than email_verified.
      emailVerified: claims.email_verified === true || claims.xms_edov === true,
      name: typeof claims.name === "string" ? claims.name : null,
      roles: [],
    };
  }
}
