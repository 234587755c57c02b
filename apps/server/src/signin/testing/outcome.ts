import type { LightMyRequestResponse } from "fastify";

/** Where a provider sign-in ended: a session token for /auth/complete, or the /login error text. */
export function outcomeOf(finish: LightMyRequestResponse): {
  token: string | null;
  returnTo: string | null;
  authError: string | null;
} {
  const landing = new URL(String(finish.headers.location), "http://gantry.test");
  const fragment = new URLSearchParams(landing.hash.slice(1));
  return {
    token: landing.pathname === "/auth/complete" ? fragment.get("token") : null,
    returnTo: fragment.get("return_to"),
    authError: landing.pathname === "/login" ? landing.searchParams.get("authError") : null,
  };
}

export const FORM = { "content-type": "application/x-www-form-urlencoded" };
