/**
 * Makes a dev key pair and signs enterprise licences with it, for development and tests:
 *
 *   npx tsx --conditions=@gantry/source scripts/make-licence.ts keys <dir>
 *   npx tsx --conditions=@gantry/source scripts/make-licence.ts sign <private-key.pem> <customer> <seats> <days> > licence.json
 *
 * Start the server with GANTRY_LICENSE_PUBLIC_KEY=<dir>/licence-public-key.pem and GANTRY_LICENSE_FILE=licence.json.
 * A real vendor key never lives in this repository.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signLicence } from "../apps/server/src/enterprise/licence.js";

const DAY_MS = 24 * 60 * 60 * 1000;

function usage(): never {
  console.error("usage: make-licence.ts keys <dir> | sign <private-key.pem> <customer> <seats> <days>");
  process.exit(2);
}

const [command, ...args] = process.argv.slice(2);
if (command === "keys" && args.length === 1 && args[0]) {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519", {
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  mkdirSync(args[0], { recursive: true });
  writeFileSync(join(args[0], "licence-private-key.pem"), privateKey, { mode: 0o600 });
  writeFileSync(join(args[0], "licence-public-key.pem"), publicKey);
  console.error(`Wrote licence-private-key.pem and licence-public-key.pem to ${args[0]}`);
} else if (command === "sign" && args.length === 4) {
  const [keyPath = "", customer = "", seats = "", days = ""] = args;
  const now = Date.now();
  process.stdout.write(
    signLicence(
      {
        customer,
        seatLimit: Number(seats),
        issuedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + Number(days) * DAY_MS).toISOString(),
      },
      readFileSync(keyPath, "utf8"),
    ),
  );
} else {
  usage();
}
