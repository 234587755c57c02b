import { SESSION_TOKEN_KEY } from "@gantry/domain";
import { describe, expect, it, vi } from "vitest";
import {
  BOARD_PIPELINES,
  EARLY_SESSION_TOKEN_KEY,
  sendEarlyBoardRequest,
  takeEarlyBoardRequest,
} from "./early-board-request";

/** A page as the early script sees it, before the app has loaded. */
function pageAt(pathname: string, token: string | null) {
  const storage = new Map(token ? [[SESSION_TOKEN_KEY, token]] : []);
  const fetch = vi.fn(async () => Response.json({ data: { workspace: null } }));
  const page = {
    location: { pathname } as Location,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null } as Storage,
    fetch: fetch as typeof window.fetch,
  };
  return { page, fetch };
}

describe("the board's early request", () => {
  it("asks for a board's pipelines with the stored session, and the board takes the answer once", async () => {
    const { page, fetch } = pageAt("/workspaces/w%201/board", "t1");
    sendEarlyBoardRequest(page);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/graphql");
    expect(init.headers).toMatchObject({ authorization: "Bearer t1" });
    expect(JSON.parse(String(init.body))).toEqual({ query: BOARD_PIPELINES, variables: { workspaceId: "w 1" } });

    const answer = takeEarlyBoardRequest("w 1", "t1", page);
    expect(await answer).toBeInstanceOf(Response);
    // A refetch asks the server again.
    expect(takeEarlyBoardRequest("w 1", "t1", page)).toBeUndefined();
  });

  it("is not used for another board or another session", () => {
    for (const [workspaceId, token] of [
      ["w2", "t1"],
      ["w1", "t2"],
      ["w1", null],
    ] as const) {
      const { page } = pageAt("/workspaces/w1/board", "t1");
      sendEarlyBoardRequest(page);
      expect(takeEarlyBoardRequest(workspaceId, token, page), `${workspaceId} ${token}`).toBeUndefined();
      // Not kept for later either.
      expect(takeEarlyBoardRequest("w1", "t1", page)).toBeUndefined();
    }
  });

  it("sends nothing off a board or without a session", () => {
    for (const [pathname, token] of [
      ["/workspaces/w1/board", null],
      ["/workspaces/w1/reports", "t1"],
      ["/workspaces/w1/board/issues/i1", "t1"],
      ["/landing", "t1"],
    ] as const) {
      const { page, fetch } = pageAt(pathname, token);
      sendEarlyBoardRequest(page);
      expect(fetch, pathname).not.toHaveBeenCalled();
    }
  });

  it("reads the session where the app keeps it", () => {
    expect(EARLY_SESSION_TOKEN_KEY).toBe(SESSION_TOKEN_KEY);
  });
});
