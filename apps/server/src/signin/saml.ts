import { type Database, schema } from "@gantry/db";
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import { and, eq, gt, lt } from "drizzle-orm";
import type { SamlConfig } from "./config.js";
import type { ProviderIdentity } from "./identities.js";

const { samlSeenMessages } = schema;

/** How long the Identity Provider has to answer a request this server sent. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** How long an assertion id is remembered when its conditions give no end. */
const DEFAULT_ASSERTION_TTL_MS = 24 * 60 * 60 * 1000;

export class SamlReplayError extends Error {
  constructor() {
    super("the SAML assertion was already used");
    this.name = "SamlReplayError";
  }
}

/**
 * node-saml's InResponseTo store, kept in the database (not in memory) so a response is
 * accepted by whichever server instance receives it, and only while its request is unanswered:
 * node-saml removes the id once a response to it has been read, so a second response fails.
 */
function requestStore(db: Database, now: () => Date): CacheProvider {
  const key = (id: string) => `request:${id}`;
  return {
    async saveAsync(id, value) {
      const createdAt = now();
      await db
        .insert(samlSeenMessages)
        .values({ id: key(id), expiresAt: new Date(createdAt.getTime() + REQUEST_TTL_MS) })
        .onConflictDoNothing();
      return { value, createdAt: createdAt.getTime() };
    },
    async getAsync(id) {
      const [row] = await db
        .select()
        .from(samlSeenMessages)
        .where(and(eq(samlSeenMessages.id, key(id)), gt(samlSeenMessages.expiresAt, now())));
      // node-saml reads the value as the time the request was made.
      return row ? new Date(row.expiresAt.getTime() - REQUEST_TTL_MS).toISOString() : null;
    },
    async removeAsync(id) {
      if (id === null) return null;
      const [row] = await db
        .delete(samlSeenMessages)
        .where(eq(samlSeenMessages.id, key(id)))
        .returning();
      return row ? row.id : null;
    },
  };
}

function text(value: unknown): string | null {
  const item = Array.isArray(value) ? value[0] : value;
  return typeof item === "string" && item.trim() !== "" ? item.trim() : null;
}

/** The common names IdPs (Entra, Okta, ADFS, Keycloak) give the address and display name. */
const EMAIL_ATTRIBUTES = ["email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name"];
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

function identityOf(profile: Profile): ProviderIdentity {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const pick = (names: string[]) => names.map((name) => text(attributes[name])).find((value) => value !== null) ?? null;
  const email = pick(EMAIL_ATTRIBUTES) ?? (profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : null);
  return {
    subject: profile.nameID,
    email,
    // The organisation's own Identity Provider vouches for its people's addresses, as a directory does.
    emailVerified: email !== null,
    name: pick(NAME_ATTRIBUTES),
    roles: [],
  };
}

/**
 * SP-initiated SAML sign-in (decision 0030). Assertions must be signed by the configured
 * certificate, be inside their time conditions give or take the clock-skew bound, name this
 * service as audience, answer a request this server sent, and are accepted once.
 */
export class SamlSignin {
  private readonly saml: SAML;

  constructor(
    private readonly config: SamlConfig,
    readonly callbackUrl: string,
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    this.saml = new SAML({
      entryPoint: config.entryPoint,
      idpCert: config.idpCert,
      issuer: config.spEntityId,
      audience: config.spEntityId,
      callbackUrl,
      wantAssertionsSigned: true,
      // Many IdPs sign only the assertion; its signature is what vouches for the person.
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: config.clockSkewMs,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider: requestStore(db, now),
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });
  }

  /** Where the browser goes to sign in; `relayState` comes back with the answer. */
  start(relayState: string): Promise<string> {
    return this.saml.getAuthorizeUrlAsync(relayState, undefined, {});
  }

  metadata(): string {
    return this.saml.generateServiceProviderMetadata(null, null);
  }

  /** Checks a posted SAMLResponse; throws when it is unsigned, wrongly signed, late, for someone else or seen before. */
  async finish(samlResponse: string): Promise<ProviderIdentity> {
    const { profile } = await this.saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile?.nameID) throw new Error("the SAML response names nobody");
    if (this.config.idpIssuer !== null && profile.issuer !== this.config.idpIssuer) {
      throw new Error(`the SAML response comes from ${profile.issuer}, not ${this.config.idpIssuer}`);
    }
    await this.remember(profile);
    return identityOf(profile);
  }

  /** Records the signed assertion's id until it expires, refusing one already recorded (a replay). */
  private async remember(profile: Profile): Promise<void> {
    const assertion = profile.getAssertion?.() as
      | { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } }
      | undefined;
    const id = assertion?.Assertion?.$?.ID;
    if (!id) throw new Error("the SAML assertion has no ID");
    const now = this.now();
    const notOnOrAfter = assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
    const ends = notOnOrAfter ? Date.parse(notOnOrAfter) : Number.NaN;
    const expiresAt = new Date(
      (Number.isNaN(ends) ? now.getTime() + DEFAULT_ASSERTION_TTL_MS : ends) + this.config.clockSkewMs,
    );
    await this.db.delete(samlSeenMessages).where(lt(samlSeenMessages.expiresAt, now));
    const inserted = await this.db
      .insert(samlSeenMessages)
      .values({ id: `assertion:${profile.issuer}:${id}`, expiresAt })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new SamlReplayError();
  }
}
