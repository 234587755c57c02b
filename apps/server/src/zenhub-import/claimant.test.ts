import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Claimant, claimantHasEnded, claimantText, processIsRunning, THIS_PROCESS } from "./claimant.js";

describe("whether an import's claimant has ended", () => {
  let running: ChildProcess;
  let endedPid: number;

  beforeAll(async () => {
    running = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const ended = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    endedPid = ended.pid as number;
    await once(ended, "exit");
  });
  afterAll(() => void running.kill("SIGKILL"));

  const on = (claimant: Partial<Claimant>) => claimantText({ ...THIS_PROCESS, start: "earlier-start", ...claimant });
  const shared = { self: THIS_PROCESS, databaseIsThisProcess: false };

  it("tells a process of this host that is running from one that has ended", () => {
    expect(processIsRunning(running.pid as number)).toBe(true);
    expect(processIsRunning(endedPid)).toBe(false);
    expect(claimantHasEnded(on({ pid: running.pid as number }), shared)).toBe(false);
    expect(claimantHasEnded(on({ pid: endedPid }), shared)).toBe(true);
  });

  it("takes an earlier start with this process's own pid as ended (a container's pid 1 after a restart)", () => {
    expect(claimantHasEnded(on({ pid: process.pid }), shared)).toBe(true);
    expect(claimantHasEnded(claimantText(THIS_PROCESS), shared)).toBe(false);
  });

  it("leaves another host's claim, and one it cannot read, to the claim window", () => {
    expect(claimantHasEnded(on({ host: "other-host", pid: endedPid }), shared)).toBe(false);
    expect(claimantHasEnded("not a claimant", shared)).toBe(false);
    expect(claimantHasEnded(null, shared)).toBe(false);
  });

  it("on a PGlite folder, which one process opens at a time, takes any other start as ended", () => {
    const folder = { self: THIS_PROCESS, databaseIsThisProcess: true };
    expect(claimantHasEnded(on({ host: "other-host", pid: running.pid as number }), folder)).toBe(true);
    expect(claimantHasEnded(claimantText(THIS_PROCESS), folder)).toBe(false);
  });

  it("reads host names that hold slashes", () => {
    const odd = { host: "a/b", pid: endedPid, start: "s" };
    expect(
      claimantHasEnded(claimantText(odd), { self: { ...THIS_PROCESS, host: "a/b" }, databaseIsThisProcess: false }),
    ).toBe(true);
  });
});
