/** The machine a result was measured on, as result files state it (cores, CPU, memory, Node, PostgreSQL). */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { openDatabase } from "@gantry/db";
import pg from "pg";
import { median } from "./stats.js";

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

/**
 * The machine's speed now, taken in the same run as the figures beside it (issue #32): on a shared
 * machine a result cannot tell slower code from a busier machine without it. Two fixed workloads,
 * each the median of five: a CPU loop in this process, and a SQL workload (200 round trips of a
 * one-row query, then a 300,000-row aggregate) on the engine the benchmark uses.
 */
export interface Calibration {
  cpuLoopMs: number;
  sqlMs: { postgres: number | null; pglite: number | null };
}

const CALIBRATION_RUNS = 5;

/** The calibration now; `withPglite: false` leaves PGlite's SQL workload out when PostgreSQL is the engine measured. */
export async function calibrate(postgresUrl: string | null, { withPglite = true } = {}): Promise<Calibration> {
  const cpuLoopMs = median(Array.from({ length: CALIBRATION_RUNS }, cpuLoop));
  const postgres = postgresUrl ? await postgresWorkload(postgresUrl) : null;
  if (!withPglite && postgres !== null) return { cpuLoopMs, sqlMs: { postgres, pglite: null } };
  const pglite = await openDatabase();
  try {
    return { cpuLoopMs, sqlMs: { postgres, pglite: await sqlWorkload((text) => pglite.executeSql(text)) } };
  } finally {
    await pglite.close();
  }
}

export function describeCalibration(calibration: Calibration): string {
  const { cpuLoopMs, sqlMs } = calibration;
  const postgres = sqlMs.postgres === null ? "" : `, SQL workload ${sqlMs.postgres.toFixed(1)} ms on PostgreSQL`;
  const pglite = sqlMs.pglite === null ? "" : `, ${sqlMs.pglite.toFixed(1)} ms on PGlite`;
  return `CPU loop ${cpuLoopMs.toFixed(1)} ms${postgres}${pglite}`;
}

/** 20 million rounds of integer mixing: a fixed amount of work for one core. */
function cpuLoop(): number {
  const start = performance.now();
  let state = 1;
  for (let index = 0; index < 20_000_000; index++) state = Math.imul(state ^ (state >>> 13), 0x5bd1e995) + index;
  if (state === 0.5) console.log(state); // Keeps the loop from being optimised away.
  return performance.now() - start;
}

async function postgresWorkload(postgresUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await sqlWorkload((text) => client.query(text));
  } finally {
    await client.end();
  }
}

async function sqlWorkload(run: (text: string) => Promise<unknown>): Promise<number> {
  const once = async () => {
    const start = performance.now();
    for (let index = 0; index < 200; index++) await run(`select ${index} as n`);
    await run("select sum(g * 2 % 7) from generate_series(1, 300000) as g");
    return performance.now() - start;
  };
  await once();
  const samples: number[] = [];
  for (let index = 0; index < CALIBRATION_RUNS; index++) samples.push(await once());
  return median(samples);
}
