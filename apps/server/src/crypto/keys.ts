import { ConfigError } from "../config/config.js";
import { developmentKey, SecretBox } from "./secret-box.js";

function decodeKey(name: string, value: string): Buffer {
  const key = Buffer.from(value.trim(), "base64");
  if (key.length !== 32) {
    throw new ConfigError([
      `${name} must be 32 random bytes in base64, e.g. from \`openssl rand -base64 32\` (got ${key.length} bytes)`,
    ]);
  }
  return key;
}

/**
 * GANTRY_SECRET_KEY seals secrets at rest; GANTRY_PREVIOUS_SECRET_KEYS (comma-separated) still
 * open what older keys sealed, for rotation. Production must set the key.
 */
export function loadSecretBox(env: NodeJS.ProcessEnv, options: { production: boolean; dataDir: string }): SecretBox {
  const current = env.GANTRY_SECRET_KEY;
  if (!current) {
    if (options.production)
      throw new ConfigError(["GANTRY_SECRET_KEY must be set in production (32 random bytes in base64)"]);
    return new SecretBox(developmentKey(options.dataDir));
  }
  const previous = (env.GANTRY_PREVIOUS_SECRET_KEYS ?? "")
    .split(",")
    .filter((value) => value.trim() !== "")
    .map((value) => decodeKey("GANTRY_PREVIOUS_SECRET_KEYS", value));
  return new SecretBox(decodeKey("GANTRY_SECRET_KEY", current), previous);
}
