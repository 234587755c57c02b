/**
 * The messages between the browser extension's frame page and the Gantry app it embeds
 * (docs/decisions/0031). The app never reads extension storage: the frame page hands it the
 * session token, and the app asks the frame page to erase tokens or to start a sign-in.
 */
export type EmbedMessage =
  /** App → extension: loaded and listening; answer with the token. */
  | { type: "gantry:ready" }
  /** Extension → app: the stored session token, or null when nobody is signed in. */
  | { type: "gantry:token"; token: string | null }
  /** App → extension: erase the stored token keys (sign-out, or an answer of 401). */
  | { type: "gantry:erase-tokens" }
  /** App → extension: "Sign in again" — erase the tokens and start extension authentication. */
  | { type: "gantry:sign-in" }
  /** App → extension: the page's height, so a frame in GitHub's sidebar can fit its content. */
  | { type: "gantry:height"; height: number };

/** Reads a posted message as one of ours, or null: anything may arrive through postMessage. */
export function readEmbedMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== "object" || data === null || !("type" in data)) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case "gantry:ready":
    case "gantry:erase-tokens":
    case "gantry:sign-in":
      return { type: message.type };
    case "gantry:token":
      return typeof message.token === "string" || message.token === null
        ? { type: "gantry:token", token: message.token }
        : null;
    case "gantry:height":
      return typeof message.height === "number" && Number.isFinite(message.height) && message.height >= 0
        ? { type: "gantry:height", height: Math.ceil(message.height) }
        : null;
    default:
      return null;
  }
}

/** Origins of extension pages, the only parents the embedded app takes a token from. */
export function isExtensionOrigin(origin: string): boolean {
  return /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9-]+$/i.test(origin);
}

/** Where the extension's sign-in tab sends the token: an extension page, never a web address. */
export function isExtensionReturnUrl(value: string): boolean {
  const match = /^([a-z-]+:\/\/[^/?#]+)(\/[^?#]*)$/i.exec(value);
  return match !== null && isExtensionOrigin(match[1] ?? "") && match[2] === "/auth-callback.html";
}

/** The embedded app's base path on the Gantry server: the extension frames pages under it. */
export const EXTENSION_BASE_PATH = "/extension";
