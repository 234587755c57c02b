import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LicencePayload, signLicence } from "../enterprise/licence.js";

const fixtures = join(import.meta.dirname, "..", "enterprise", "fixtures");
const DAY_MS = 24 * 60 * 60 * 1000;

/** A licence file for Acme, signed with the test-only key, issued yesterday and valid for `expiresInDays` from now. */
export function licenceFile(seatLimit: number, expiresInDays = 30): string {
  const now = Date.now();
  const payload: LicencePayload = {
    customer: "Acme",
    seatLimit,
    issuedAt: new Date(now - DAY_MS).toISOString(),
    expiresAt: new Date(now + expiresInDays * DAY_MS).toISOString(),
  };
  const path = join(mkdtempSync(join(tmpdir(), "gantry-licence-")), "licence.json");
  writeFileSync(path, signLicence(payload, readFileSync(join(fixtures, "test-only-licence-private-key.pem"), "utf8")));
  return path;
}

/** The settings of an enterprise install that trusts the test-only key, with `licence` installed (if any). */
export function enterpriseEnv(licence?: string): NodeJS.ProcessEnv {
  return {
    GANTRY_EDITION: "enterprise",
    GANTRY_LICENSE_PUBLIC_KEY: join(fixtures, "test-only-licence-public-key.pem"),
    ...(licence ? { GANTRY_LICENSE_FILE: licence } : {}),
  };
}
