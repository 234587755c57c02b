import { SESSION_TOKEN_KEY } from "@gantry/domain";
import { describe, expect, it, vi } from "vitest";
import { sendEarlyBoardRequest } from "../board/early-board-request";
import { sendEarlyAppRequests, takeEarlyServerVersion, takeEarlyUserInfo } from "./early-app-requests";

/** A page as the early script sees it: its requests are kept, none answered until the test says. */
function pageAt(pathname: string, token: string | null) {
  const storage = new Map(token ? [[SESSION_TOKEN_KEY, token]] : []);
  const answers: Record<string, (response: Response) => void> = {};
  const fetch = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        answers[url.split("?")[0] ?? url] = resolve;
      }),
  );
  const page = {
    location: { pathname, search: "" } as Location,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null } as Storage,
    fetch: fetch as unknown as typeof window.fetch,
  };
  const sent = () => fetch.mock.calls.map(([url]) => url.split("?")[0]);
  return { page, fetch, answers, sent };
}

describe("the app's early requests (decision 0101)", () => {
  it("sends the connectivity check, the user-info load and the board's pipelines at once, none waiting for another", () => {
    const { page, sent } = pageAt("/workspaces/w1/board", "t1");
    sendEarlyAppRequests(page);
    sendEarlyBoardRequest(page);
    // Nothing has answered yet: the three left together, while the app's code still loads.
    expect(sent()).toEqual(["/version.json", "/api/user-info", "/graphql"]);
  });

  it("asks for the version with a fresh timestamp, and the user with the stored session", () => {
    const { page, fetch } = pageAt("/landing", "t1");
    sendEarlyAppRequests(page);
    const [versionUrl, versionInit] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(versionUrl).toMatch(/^\/version\.json\?t=\d+$/);
    expect(versionInit.cache).toBe("no-store");
    const [userUrl, userInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(userUrl).toBe("/api/user-info");
    expect(userInit.headers).toEqual({ authorization: "Bearer t1" });
  });

  it("hands the app the version's answer once", async () => {
    const { page, answers } = pageAt("/landing", null);
    sendEarlyAppRequests(page);
    const version = takeEarlyServerVersion(page);
    answers["/version.json"]?.(Response.json({ version: "1", buildId: "b" }));
    expect(await version).toEqual({ version: "1", buildId: "b" });
    expect(takeEarlyServerVersion(page)).toBeUndefined();
  });

  it("reports a version check that fails to the app, not as an unhandled rejection", async () => {
    const { page, answers } = pageAt("/landing", null);
    sendEarlyAppRequests(page);
    answers["/version.json"]?.(new Response(null, { status: 502 }));
    await expect(takeEarlyServerVersion(page)).rejects.toThrow("version check answered 502");
  });

  it("sends no user-info load without a stored session", () => {
    const { page, sent } = pageAt("/login", null);
    sendEarlyAppRequests(page);
    expect(sent()).toEqual(["/version.json"]);
    expect(takeEarlyUserInfo("t1", page)).toBeUndefined();
  });

  it("hands the user-info answer once, and only for the session it was asked with", async () => {
    const first = pageAt("/landing", "t1");
    sendEarlyAppRequests(first.page);
    const answer = takeEarlyUserInfo("t1", first.page);
    first.answers["/api/user-info"]?.(Response.json({ flags: [] }));
    expect(await (await answer)?.json()).toEqual({ flags: [] });
    expect(takeEarlyUserInfo("t1", first.page)).toBeUndefined();

    const other = pageAt("/landing", "t1");
    sendEarlyAppRequests(other.page);
    expect(takeEarlyUserInfo("t2", other.page)).toBeUndefined();
    // Taken (and refused) once: not kept for a later sign-in either.
    expect(takeEarlyUserInfo("t1", other.page)).toBeUndefined();
  });
});
