import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/** The process that holds an import's claim: its host, its pid and a random id of this start of it. */
export interface Claimant {
  host: string;
  pid: number;
  start: string;
}

/** This process. `start` tells it from an earlier process that had the same pid (a container's pid 1). */
export const THIS_PROCESS: Claimant = { host: hostname(), pid: process.pid, start: randomUUID() };

export function claimantText(claimant: Claimant): string {
  return `${claimant.host}/${claimant.pid}/${claimant.start}`;
}

function parseClaimant(text: string): Claimant | null {
  const match = /^(.*)\/(\d+)\/([^/]+)$/.exec(text);
  return match ? { host: match[1] as string, pid: Number(match[2]), start: match[3] as string } : null;
}

/** Whether a process of this host is running; one we may not signal is running too. */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface ClaimCheck {
  self: Claimant;
  /** The database is a PGlite folder, which one process opens at a time: any other claimant has ended. */
  databaseIsThisProcess: boolean;
  isRunning?: (pid: number) => boolean;
}

/**
 * Whether the process that claimed an import has certainly ended, so its claim can be taken at once
 * instead of after the claim window. Only what this process can know counts: its own database
 * folder, or a process of its own host. A claim from another host, or an unreadable one, is
 * left to the window.
 */
export function claimantHasEnded(claimedBy: string | null, check: ClaimCheck): boolean {
  const other = claimedBy ? parseClaimant(claimedBy) : null;
  if (!other || other.start === check.self.start) return false;
  if (check.databaseIsThisProcess) return true;
  if (other.host !== check.self.host) return false;
  if (other.pid === check.self.pid) return true;
  return !(check.isRunning ?? processIsRunning)(other.pid);
}
