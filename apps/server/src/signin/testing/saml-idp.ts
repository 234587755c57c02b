import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
// The default import is module.exports in Node and in vitest alike; Node cannot see samlify's getter-made named exports.
import samlify from "samlify";

const fixtures = join(import.meta.dirname, "../fixtures");
const fixture = (name: string) => readFileSync(join(fixtures, name), "utf8");

/** The test-only IdP signing certificate, and another one nobody configured. */
export const IDP_CERT = fixture("test-only-idp-cert.pem");
const keys = {
  idp: { privateKey: fixture("test-only-idp-key.pem"), signingCert: IDP_CERT },
  other: { privateKey: fixture("test-only-other-idp-key.pem"), signingCert: fixture("test-only-other-idp-cert.pem") },
};

export const IDP_ENTITY_ID = "https://idp.gantry.test/saml";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

// The IdP reads our AuthnRequest; the service under test is what checks XML carefully, not this stand-in.
samlify.setSchemaValidator({ validate: async () => "skipped" });

export interface SamlUser {
  nameId: string;
  email?: string;
  displayName?: string;
}

/** How the IdP answers: as a real one would, or in one of the ways the service must refuse. */
export type SamlAnswer = "good" | "unsigned" | "wrong-cert" | "expired" | "wrong-audience";

const HOUR_MS = 60 * 60 * 1000;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

/** The IdP's own login page: who to sign in as, sent back to /sso with the service's request. */
function loginPage(query: Record<string, string>): string {
  return `<!doctype html><title>Test IdP</title><form method="get" action="/sso">${hidden(query)}
<label>IdP username <input name="login" autofocus></label><button type="submit">Sign in at the IdP</button></form>`;
}

/** The page that posts the signed answer to the service (HTTP-POST binding), as IdPs do. */
function postingPage(callbackUrl: string, posted: Record<string, string>): string {
  return `<!doctype html><title>Test IdP</title><form method="post" action="${escapeHtml(callbackUrl)}">${hidden(posted)}
<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`;
}

function attributeStatement(user: SamlUser): string {
  const attribute = (name: string, value: string | undefined) =>
    value === undefined
      ? ""
      : `<saml:Attribute Name="${name}"><saml:AttributeValue xsi:type="xs:string">${value}</saml:AttributeValue></saml:Attribute>`;
  return `<saml:AttributeStatement>${attribute("email", user.email)}${attribute("displayName", user.displayName)}</saml:AttributeStatement>`;
}

/**
 * A SAML Identity Provider built with samlify, listening on loopback: its single sign-on
 * endpoint reads the service's redirect-binding AuthnRequest and answers, as JSON, the signed
 * Response a browser would post back. The service's own metadata (read from its metadata
 * endpoint once it runs, see `trust`) tells the IdP where the answer goes and what to sign.
 */
export async function startSamlIdp(options: { port?: number } = {}) {
  let serviceProvider: ReturnType<typeof samlify.ServiceProvider> | null = null;
  const idpFor = (key: keyof typeof keys) =>
    samlify.IdentityProvider({
      entityID: IDP_ENTITY_ID,
      ...keys[key],
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: "http://unused" }],
    });
  const idps = { idp: idpFor("idp"), other: idpFor("other") };
  const users = new Map<string, SamlUser>();

  async function answer(query: Record<string, string>, user: SamlUser, kind: SamlAnswer) {
    const sp = serviceProvider;
    if (!sp) throw new Error("the IdP does not know the service yet: call trust() with its metadata");
    const request = await idps.idp.parseLoginRequest(sp, "redirect", { query });
    const requestId = String(request.extract.request?.id ?? "");
    const now = Date.now();
    const [issued, ends] = kind === "expired" ? [now - 2 * HOUR_MS, now - HOUR_MS] : [now, now + 5 * 60 * 1000];
    const callbackUrl = sp.entityMeta.getAssertionConsumerService("post");
    const fill = (template: string) => ({
      id: `_${randomUUID()}`,
      context: samlify.SamlLib.replaceTagsByValue(template.replace("{AttributeStatement}", attributeStatement(user)), {
        ID: `_${randomUUID()}`,
        AssertionID: `_${randomUUID()}`,
        Destination: String(callbackUrl),
        Audience: kind === "wrong-audience" ? "https://elsewhere.test/saml/metadata" : sp.entityMeta.getEntityID(),
        SubjectRecipient: String(callbackUrl),
        Issuer: IDP_ENTITY_ID,
        IssueInstant: new Date(issued).toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: new Date(issued).toISOString(),
        ConditionsNotOnOrAfter: new Date(ends).toISOString(),
        SubjectConfirmationDataNotOnOrAfter: new Date(ends).toISOString(),
        NameIDFormat: EMAIL_FORMAT,
        NameID: user.nameId,
        InResponseTo: requestId,
        AuthnStatement: "",
      }),
    });
    if (kind === "unsigned") {
      const unsigned = fill(samlify.SamlLib.defaultLoginResponseTemplate.context).context;
      return { samlResponse: Buffer.from(unsigned).toString("base64"), callbackUrl: String(callbackUrl) };
    }
    const idp = kind === "wrong-cert" ? idps.other : idps.idp;
    const response = await idp.createLoginResponse(
      sp,
      { extract: request.extract },
      "post",
      { email: user.nameId },
      {
        customTagReplacement: fill,
      },
    );
    return { samlResponse: response.context, callbackUrl: String(callbackUrl) };
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://idp");
    const query = Object.fromEntries(url.searchParams);
    // A browser gets pages (a login form, then the form that posts the answer); tests' fetch gets JSON.
    const browser = (req.headers.accept ?? "").includes("text/html");
    const user = users.get(query.login ?? "");
    if (url.pathname === "/sso" && browser && query.login === undefined) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(query));
      return;
    }
    if (url.pathname !== "/sso" || !user) {
      res.writeHead(404).end();
      return;
    }
    answer(query, user, (query.answer ?? "good") as SamlAnswer).then(
      ({ samlResponse, callbackUrl }) => {
        const posted = { SAMLResponse: samlResponse, RelayState: query.RelayState ?? "" };
        if (browser) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(postingPage(callbackUrl, posted));
          return;
        }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(posted));
      },
      (error: unknown) => {
        res.writeHead(400, { "content-type": "text/plain" }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The single sign-on URL to configure as SAML_ENTRY_POINT. */
    ssoUrl: `http://127.0.0.1:${port}/sso`,
    /** Registers the service from its SP metadata XML. */
    trust(metadata: string) {
      serviceProvider = samlify.ServiceProvider({ metadata });
    },
    addUser(login: string, user: SamlUser) {
      users.set(login, user);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
