import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LicencePayload, licenceAt, loadLicence, signLicence, verifyLicence } from "./licence.js";

const fixtures = join(import.meta.dirname, "fixtures");
const privateKey = readFileSync(join(fixtures, "test-only-licence-private-key.pem"), "utf8");
const publicKeyPath = join(fixtures, "test-only-licence-public-key.pem");
const now = new Date("2026-11-23T10:00:00Z");
const payload: LicencePayload = {
  customer: "Acme",
  seatLimit: 5,
  issuedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2027-01-01T00:00:00.000Z",
};

describe("licence verification", () => {
  it("accepts a licence signed with the matching key, read from the key's PEM text or its path", () => {
    const text = signLicence(payload, privateKey);
    expect(verifyLicence(text, publicKeyPath, now)).toEqual({ state: "valid", licence: payload });
    expect(verifyLicence(text, readFileSync(publicKeyPath, "utf8"), now).state).toBe("valid");
  });

  it("refuses a licence whose seat limit was raised after signing", () => {
    const file = JSON.parse(signLicence(payload, privateKey));
    const raised = Buffer.from(JSON.stringify({ ...payload, seatLimit: 500 })).toString("base64url");
    const status = verifyLicence(JSON.stringify({ ...file, payload: raised }), publicKeyPath, now);
    expect(status).toEqual({
      state: "invalid",
      message: "The license's signature does not match: it was changed or signed for another key.",
    });
  });

  it("refuses every other payload under a good signature, and every flipped byte of the signature", () => {
    const file = JSON.parse(signLicence(payload, privateKey)) as { payload: string; signature: string };
    const publicKey = readFileSync(publicKeyPath, "utf8");
    const other = fc
      .record({
        customer: fc.string({ minLength: 1 }),
        seatLimit: fc.integer({ min: 1, max: 1_000_000 }),
        issuedAt: fc.constant(payload.issuedAt),
        expiresAt: fc.constant(payload.expiresAt),
      })
      .filter((changed) => JSON.stringify(changed) !== JSON.stringify(payload));
    fc.assert(
      fc.property(other, (changed) => {
        const forged = { ...file, payload: Buffer.from(JSON.stringify(changed)).toString("base64url") };
        return verifyLicence(JSON.stringify(forged), publicKey, now).state === "invalid";
      }),
    );
    fc.assert(
      fc.property(fc.nat({ max: 63 }), fc.integer({ min: 1, max: 255 }), (index, mask) => {
        const signature = Buffer.from(file.signature, "base64url");
        signature[index] = (signature[index] ?? 0) ^ mask;
        const forged = { ...file, signature: signature.toString("base64url") };
        return verifyLicence(JSON.stringify(forged), publicKey, now).state === "invalid";
      }),
    );
  });

  it("refuses a licence signed with another key", () => {
    const other = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(verifyLicence(signLicence(payload, other), publicKeyPath, now).state).toBe("invalid");
  });

  it("reports an expired licence with its customer and date, and one that expires while running", () => {
    const expired = { ...payload, expiresAt: "2026-11-01T00:00:00.000Z" };
    expect(verifyLicence(signLicence(expired, privateKey), publicKeyPath, now)).toEqual({
      state: "expired",
      licence: expired,
      message: "The license for Acme expired on 2026-11-01.",
    });
    const valid = verifyLicence(signLicence(payload, privateKey), publicKeyPath, now);
    expect(licenceAt(valid, new Date("2027-01-02T00:00:00Z")).state).toBe("expired");
  });

  it("names what is missing or unreadable", () => {
    expect(loadLicence({ licenceFile: undefined, licencePublicKey: publicKeyPath }, now)).toEqual({
      state: "missing",
      message: "No license is installed: set GANTRY_LICENSE_FILE.",
    });
    expect(loadLicence({ licenceFile: "/x.json", licencePublicKey: undefined }, now).state).toBe("missing");
    expect(loadLicence({ licenceFile: "/nowhere/licence.json", licencePublicKey: publicKeyPath }, now)).toEqual({
      state: "missing",
      message: "The license file /nowhere/licence.json cannot be read.",
    });
    const dir = mkdtempSync(join(tmpdir(), "gantry-licence-"));
    writeFileSync(join(dir, "licence.json"), "not json");
    expect(loadLicence({ licenceFile: join(dir, "licence.json"), licencePublicKey: publicKeyPath }, now)).toEqual({
      state: "invalid",
      message: "The license file is not a Gantry license.",
    });
    expect(verifyLicence(signLicence(payload, privateKey), "/nowhere/key.pem", now).state).toBe("invalid");
  });
});
