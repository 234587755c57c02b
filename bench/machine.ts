/** The machine a result was measured on, as result files state it (cores, CPU, memory, Node, PostgreSQL). */
import { execFileSync } from "node:child_process";
import os from "node:os";

export function machine(postgresUrl: string | null): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return `${os.availableParallelism()} cores (${cpu}), ${memory} memory, Node ${process.version}, ${postgresVersion(postgresUrl)}`;
}

function postgresVersion(postgresUrl: string | null): string {
  if (!postgresUrl) return "no PostgreSQL server (PGlite only)";
  try {
    const version = execFileSync("psql", [postgresUrl, "-Atc", "show server_version"], { encoding: "utf8" });
    return `PostgreSQL ${version.trim()}`;
  } catch {
    return "PostgreSQL (version unknown)";
  }
}
