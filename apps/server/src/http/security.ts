import { EXTENSION_BASE_PATH } from "@gantry/domain";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** GitHub's own site: the browser extension frames Gantry's extension pages inside it. */
const GITHUB_ORIGIN = "https://github.com";

/**
 * react-aria's usePress puts one `<style id="react-aria-pressable-style">` in the page (a touch-action
 * rule for pressable elements), on every page with a button. Its text is fixed, so its hash lets that
 * one stylesheet in and nothing else; a react-aria upgrade that changes it shows as a CSP error in
 * e2e/csp.spec.ts, whose report gives the new hash.
 */
const REACT_ARIA_PRESSABLE_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

/**
 * Security headers for every answer. The policy allows only this origin's own scripts
 * and styles: the built web app ships no inline code, so nothing needs 'unsafe-inline' (one
 * library stylesheet is let in by its hash, above).
 * Helmet's middleware is built once here: @fastify/helmet built it again for every request,
 * parsing the policy each time (about 2% of the server's CPU under B2's moves, issue #14).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; trustedOrigins: string[]; gitHubWebOrigin?: string },
): Promise<void> {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", REACT_ARIA_PRESSABLE_STYLE],
        imgSrc: ["'self'", "data:", ...options.trustedOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...options.trustedOrigins],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.production,
  });
  app.addHook("onRequest", (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));
  // The extension's pages (docs/decisions/0031) are framed by the extension's own page inside
  // GitHub's (or the configured GitHub Enterprise host's), so only they may be framed, only there.
  const ancestors = [
    ...new Set([GITHUB_ORIGIN, ...(options.gitHubWebOrigin ? [options.gitHubWebOrigin] : [])]),
    "chrome-extension:",
    "moz-extension:",
  ].join(" ");
  app.addHook("onSend", async (request, reply) => {
    if (request.url !== EXTENSION_BASE_PATH && !request.url.startsWith(`${EXTENSION_BASE_PATH}/`)) return;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy !== "string") return;
    reply.header("content-security-policy", policy.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`));
    reply.removeHeader("x-frame-options");
  });
}
