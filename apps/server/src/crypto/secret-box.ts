import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const KEY_BYTES = 32;

function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/**
 * Encrypts secrets at rest (GitHub tokens, webhook secrets) with AES-256-GCM. A sealed value
 * names its key, so keys can rotate: seal with the current key, open with any listed one.
 */
export class SecretBox {
  readonly #keys: Map<string, Buffer>;
  readonly #currentId: string;

  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES) throw new Error(`secret keys are ${KEY_BYTES} bytes (base64 in GANTRY_SECRET_KEY)`);
    }
    this.#currentId = keyId(current);
    this.#keys = new Map([current, ...previous].map((key) => [keyId(key), key]));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#keys.get(this.#currentId) as Buffer, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${this.#currentId}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
  }

  open(sealed: string): string {
    const [version, id, iv, body] = sealed.split(":");
    const key = id ? this.#keys.get(id) : undefined;
    if (version !== "v1" || !key || !iv || !body) throw new Error("cannot open this secret: unknown format or key");
    const bytes = Buffer.from(body, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
  }

  /** Whether a value was sealed with an older key and should be sealed again. */
  isStale(sealed: string): boolean {
    return sealed.split(":")[1] !== this.#currentId;
  }

  /** How every value sealed with the current key starts, so stale ones can be found in SQL. */
  get currentPrefix(): string {
    return `v1:${this.#currentId}:`;
  }

  /** Whether older keys are configured (GANTRY_PREVIOUS_SECRET_KEYS): only then is there anything to re-seal. */
  get hasRetiredKeys(): boolean {
    return this.#keys.size > 1;
  }
}

/**
 * Outside production a key is made once and kept beside the embedded database, so `npm start`
 * needs no setting; production must set GANTRY_SECRET_KEY (checked at start).
 */
export function developmentKey(dataDir: string): Buffer {
  const path = join(dataDir, "secret.key");
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "base64");
}
