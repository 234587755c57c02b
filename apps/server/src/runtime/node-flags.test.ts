import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.js";

const root = path.join(import.meta.dirname, "..", "..", "..", "..");
const startScript = (packageJson: string) =>
  (JSON.parse(readFileSync(path.join(root, packageJson), "utf8")) as { scripts: { start: string } }).scripts.start;

describe("the server's Node flags", () => {
  it.each(["package.json", "apps/server/package.json"])("are the ones %s's start script runs node with", (file) => {
    const [command, ...args] = startScript(file).split(" ");
    expect(command).toBe("node");
    expect(args.slice(0, -1)).toEqual(SERVER_NODE_FLAGS);
  });
});
