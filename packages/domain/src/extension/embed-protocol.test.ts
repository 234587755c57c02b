import { describe, expect, it } from "vitest";
import { isExtensionOrigin, isExtensionReturnUrl, readEmbedMessage } from "./embed-protocol.js";

describe("readEmbedMessage", () => {
  it("reads each message the extension and the app exchange", () => {
    expect(readEmbedMessage({ type: "gantry:ready" })).toEqual({ type: "gantry:ready" });
    expect(readEmbedMessage({ type: "gantry:token", token: "gnt_x" })).toEqual({
      type: "gantry:token",
      token: "gnt_x",
    });
    expect(readEmbedMessage({ type: "gantry:token", token: null })).toEqual({ type: "gantry:token", token: null });
    expect(readEmbedMessage({ type: "gantry:erase-tokens", extra: 1 })).toEqual({ type: "gantry:erase-tokens" });
    expect(readEmbedMessage({ type: "gantry:height", height: 311.2 })).toEqual({ type: "gantry:height", height: 312 });
  });

  it("ignores anything else a page may post", () => {
    for (const data of [null, "gantry:ready", { type: "other" }, { type: "gantry:token", token: 5 }]) {
      expect(readEmbedMessage(data)).toBeNull();
    }
    expect(readEmbedMessage({ type: "gantry:height", height: Number.NaN })).toBeNull();
    expect(readEmbedMessage({ type: "gantry:height", height: -1 })).toBeNull();
  });
});

describe("extension origins", () => {
  it("accepts Chromium's and Firefox's extension pages only", () => {
    expect(isExtensionOrigin("chrome-extension://abcdefghijklmnop")).toBe(true);
    expect(isExtensionOrigin("moz-extension://0b1c2d3e-1111-2222-3333-444455556666")).toBe(true);
    expect(isExtensionOrigin("https://github.com")).toBe(false);
    expect(isExtensionOrigin("null")).toBe(false);
  });

  it("sends a sign-in token only back to the extension's callback page", () => {
    expect(isExtensionReturnUrl("chrome-extension://abcdefghijklmnop/auth-callback.html")).toBe(true);
    expect(isExtensionReturnUrl("chrome-extension://abcdefghijklmnop/options.html")).toBe(false);
    expect(isExtensionReturnUrl("https://evil.example/auth-callback.html")).toBe(false);
    expect(isExtensionReturnUrl("not a url")).toBe(false);
  });
});
