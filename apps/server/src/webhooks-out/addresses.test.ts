import { describe, expect, it } from "vitest";
import { checkedAddresses, guardedLookup, isRefusedAddress, RefusedAddressError } from "./addresses.js";
import { loadWebhookConfig } from "./config.js";

describe("addresses outbound webhooks may reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "140.82.112.3", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );

  it("refuses a name resolving to loopback, naming the address, unless the install allows it", async () => {
    await expect(checkedAddresses("localhost", false)).rejects.toThrow(RefusedAddressError);
    await expect(checkedAddresses("localhost", false)).rejects.toThrow(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback/,
    );
    expect((await checkedAddresses("localhost", true)).length).toBeGreaterThan(0);
  });

  it("refuses at connection time, in the socket's own lookup, so a name that changed its answer is still caught", async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup("localhost", {}, (failure) => resolve(failure)));
    expect(error).toBeInstanceOf(RefusedAddressError);
    const allowed = guardedLookup(true);
    const address = await new Promise<string>((resolve) =>
      allowed("localhost", { family: 4 }, (_failure, found) => resolve(String(found))),
    );
    expect(address).toBe("127.0.0.1");
  });
});

describe("webhook settings", () => {
  it("keeps private addresses refused and retries spaced out by default", () => {
    expect(loadWebhookConfig({})).toEqual({
      allowPrivateAddresses: false,
      maxAttempts: 6,
      retryDelaySeconds: 30,
      timeoutMs: 10_000,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadWebhookConfig({ GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow(
      /GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES must be true or false/,
    );
    expect(() => loadWebhookConfig({ GANTRY_WEBHOOK_RETRY_DELAY_SECONDS: "0.5" })).toThrow(
      /GANTRY_WEBHOOK_RETRY_DELAY_SECONDS must be a whole number of seconds/,
    );
  });
});
