import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

/** What a licence grants: who it is for, how many seats, and until when. */
export interface LicencePayload {
  customer: string;
  seatLimit: number;
  issuedAt: string;
  expiresAt: string;
}

const payloadSchema = z.object({
  customer: z.string().min(1),
  seatLimit: z.number().int().min(1),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

/** The file on disk: the payload's exact bytes (base64url) and their Ed25519 signature, so no JSON re-encoding can break it. */
const fileSchema = z.object({ payload: z.string().min(1), signature: z.string().min(1) });

export type LicenceStatus =
  | { state: "valid"; licence: LicencePayload }
  | { state: "missing" | "invalid"; message: string }
  | { state: "expired"; licence: LicencePayload; message: string };

function readKey(keyOrPath: string): string {
  return keyOrPath.trimStart().startsWith("-----BEGIN") ? keyOrPath : readFileSync(keyOrPath, "utf8");
}

function publicKey(keyOrPath: string): KeyObject {
  const key = createPublicKey(readKey(keyOrPath));
  if (key.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 public key");
  return key;
}

/** Signs a licence; only the licence script and tests hold a private key. */
export function signLicence(payload: LicencePayload, privateKeyPem: string): string {
  const bytes = Buffer.from(JSON.stringify(payloadSchema.parse(payload)));
  const signature = sign(null, bytes, createPrivateKey(privateKeyPem));
  return `${JSON.stringify({ payload: bytes.toString("base64url"), signature: signature.toString("base64url") }, null, 2)}\n`;
}

/** Checks a licence's text against the public key; every way it can fail gets a message an admin can act on. */
export function verifyLicence(text: string, publicKeyPemOrPath: string, now: Date): LicenceStatus {
  let key: KeyObject;
  try {
    key = publicKey(publicKeyPemOrPath);
  } catch (error) {
    return { state: "invalid", message: `The license public key cannot be read (${(error as Error).message}).` };
  }
  const file = fileSchema.safeParse(parseJson(text));
  if (!file.success) return { state: "invalid", message: "The license file is not a Gantry license." };
  const bytes = Buffer.from(file.data.payload, "base64url");
  if (!verify(null, bytes, key, Buffer.from(file.data.signature, "base64url"))) {
    return {
      state: "invalid",
      message: "The license's signature does not match: it was changed or signed for another key.",
    };
  }
  const parsed = payloadSchema.safeParse(parseJson(bytes.toString("utf8")));
  if (!parsed.success) return { state: "invalid", message: "The license is signed but its contents are incomplete." };
  return licenceAt({ state: "valid", licence: parsed.data }, now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Reads and checks the configured licence at start; a missing piece is a status, not a crash, so admins see why. */
export function loadLicence(
  config: { licenceFile: string | undefined; licencePublicKey: string | undefined },
  now: Date,
): LicenceStatus {
  if (!config.licencePublicKey) {
    return { state: "missing", message: "GANTRY_LICENSE_PUBLIC_KEY is not set, so no license can be checked." };
  }
  if (!config.licenceFile) return { state: "missing", message: "No license is installed: set GANTRY_LICENSE_FILE." };
  let text: string;
  try {
    text = readFileSync(config.licenceFile, "utf8");
  } catch {
    return { state: "missing", message: `The license file ${config.licenceFile} cannot be read.` };
  }
  return verifyLicence(text, config.licencePublicKey, now);
}

/** A licence read at start can expire while the server runs; this answers for the moment asked. */
export function licenceAt(status: LicenceStatus, now: Date): LicenceStatus {
  if (status.state !== "valid" || Date.parse(status.licence.expiresAt) > now.getTime()) return status;
  return {
    state: "expired",
    licence: status.licence,
    message: `The license for ${status.licence.customer} expired on ${status.licence.expiresAt.slice(0, 10)}.`,
  };
}
