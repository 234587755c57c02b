import { describe, expect, it } from "vitest";
import { readOrigin, readSettings, type StorageArea, saveSettings } from "./settings";
import { eraseStoredTokens, readSessionToken, storeSessionToken, tokenFromCallback } from "./tokens";

/** browser.storage.local's shape, in memory. */
function memoryArea(initial: Record<string, unknown> = {}): StorageArea & { items: Map<string, unknown> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    get: async (keys) => Object.fromEntries(keys.filter((key) => items.has(key)).map((key) => [key, items.get(key)])),
    set: async (values) => {
      for (const [key, value] of Object.entries(values)) items.set(key, value);
    },
    remove: async (keys) => {
      for (const key of typeof keys === "string" ? [keys] : keys) items.delete(key);
    },
  };
}

describe("stored tokens", () => {
  it("keeps the session under authV2_token and erases every SPEC §9 key", async () => {
    const area = memoryArea({
      github_token: "gho",
      api_token: "k",
      auth0_token: "a",
      temp_authV2_token: "t",
      other: 1,
    });
    await storeSessionToken(area, "gnt_abc");
    expect(area.items.get("authV2_token")).toBe("gnt_abc");
    expect(await readSessionToken(area)).toBe("gnt_abc");

    await eraseStoredTokens(area);
    expect([...area.items.keys()]).toEqual(["other"]);
    expect(await readSessionToken(area)).toBeNull();
  });

  it("takes a sign-in callback's token only with the state the extension opened it with", () => {
    expect(tokenFromCallback("#state=s1&token=gnt_abc", "s1")).toBe("gnt_abc");
    expect(tokenFromCallback("#state=s2&token=gnt_abc", "s1")).toBeNull();
    expect(tokenFromCallback("#state=s1&token=gnt_abc", undefined)).toBeNull();
    expect(tokenFromCallback("#state=&token=gnt_abc", "")).toBeNull();
    expect(tokenFromCallback("#state=s1", "s1")).toBeNull();
  });
});

describe("settings", () => {
  it("defaults to the local server and keeps what the options page saves", async () => {
    const area = memoryArea();
    expect(await readSettings(area)).toEqual({ serverUrl: "http://localhost:3000", enterpriseUrl: null });
    await saveSettings(area, { serverUrl: "https://gantry.acme.test", enterpriseUrl: "https://ghe.acme.test" });
    expect(await readSettings(area)).toEqual({
      serverUrl: "https://gantry.acme.test",
      enterpriseUrl: "https://ghe.acme.test",
    });
    await saveSettings(area, { serverUrl: "https://gantry.acme.test", enterpriseUrl: null });
    expect((await readSettings(area)).enterpriseUrl).toBeNull();
  });

  it("reads a typed address as an origin, or says why it cannot", () => {
    expect(readOrigin(" https://gantry.acme.test:8443/some/page ", "The address")).toEqual({
      origin: "https://gantry.acme.test:8443",
    });
    expect(readOrigin("gantry.acme.test", "The address")).toEqual({
      error: "The address must be a full address, such as http://localhost:3000.",
    });
    expect(readOrigin("ftp://gantry.acme.test", "The address")).toEqual({
      error: "The address must start with http:// or https://.",
    });
    expect(readOrigin("https://me:pw@gantry.acme.test", "The address")).toEqual({
      error: "The address must not hold a user name or password.",
    });
  });
});
