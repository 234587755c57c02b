/** The extension's settings, kept in its local storage and changed on the options page. */
export interface ExtensionSettings {
  /** The Gantry server's origin. */
  serverUrl: string;
  /** A GitHub Enterprise Server's origin whose pages also get Gantry, or null. */
  enterpriseUrl: string | null;
}

/** The local server `npm start` runs. */
export const DEFAULT_SERVER_URL = "http://localhost:3000";

export const SETTINGS_KEYS = { serverUrl: "gantry_server_url", enterpriseUrl: "gantry_enterprise_url" } as const;

export interface StorageArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export async function readSettings(area: StorageArea): Promise<ExtensionSettings> {
  const stored = await area.get(Object.values(SETTINGS_KEYS));
  const serverUrl = stored[SETTINGS_KEYS.serverUrl];
  const enterpriseUrl = stored[SETTINGS_KEYS.enterpriseUrl];
  return {
    serverUrl: typeof serverUrl === "string" ? serverUrl : DEFAULT_SERVER_URL,
    enterpriseUrl: typeof enterpriseUrl === "string" ? enterpriseUrl : null,
  };
}

export async function saveSettings(area: StorageArea, settings: ExtensionSettings): Promise<void> {
  await area.set({ [SETTINGS_KEYS.serverUrl]: settings.serverUrl });
  if (settings.enterpriseUrl) await area.set({ [SETTINGS_KEYS.enterpriseUrl]: settings.enterpriseUrl });
  else await area.remove(SETTINGS_KEYS.enterpriseUrl);
}

/**
 * A typed address as an origin (scheme, host and port: Gantry answers at its root), or why it
 * cannot be one.
 */
export function readOrigin(input: string, what: string): { origin: string } | { error: string } {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `${what} must be a full address, such as ${DEFAULT_SERVER_URL}.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { error: `${what} must start with http:// or https://.` };
  }
  if (url.username || url.password) return { error: `${what} must not hold a user name or password.` };
  return { origin: url.origin };
}

/** The host permission pattern for one origin: the extension asks for nothing wider. */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}
