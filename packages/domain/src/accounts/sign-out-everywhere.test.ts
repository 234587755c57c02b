import { describe, expect, it } from "vitest";
import { revokedCredentialsText } from "./sign-out-everywhere.js";

describe("revokedCredentialsText", () => {
  it("counts sessions and keys in words, one and many", () => {
    expect(revokedCredentialsText({ sessions: 0, apiKeys: 0 })).toBe(
      "0 other sessions ended and 0 API keys were revoked",
    );
    expect(revokedCredentialsText({ sessions: 1, apiKeys: 1 })).toBe("1 other session ended and 1 API key was revoked");
    expect(revokedCredentialsText({ sessions: 3, apiKeys: 2 })).toBe(
      "3 other sessions ended and 2 API keys were revoked",
    );
    expect(revokedCredentialsText({ sessions: 1, apiKeys: 0 }, "session")).toBe(
      "1 session ended and 0 API keys were revoked",
    );
  });
});
