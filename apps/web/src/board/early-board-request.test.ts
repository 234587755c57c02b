import {
  BOARD_PAGE_SIZE,
  boardFiltersToSearchInput,
  CLOSED_PIPELINE_ID,
  DEFAULT_SORT_TYPE,
  SESSION_TOKEN_KEY,
  type SortType,
} from "@gantry/domain";
import { describe, expect, it, vi } from "vitest";
import { firstPagesQuery, firstPagesVariables } from "./board-queries";
import {
  BOARD_PIPELINES,
  dropEarlyFirstPages,
  EARLY_CLOSED_PIPELINE_ID,
  EARLY_MANUAL_SORT,
  EARLY_PIPELINE_STORAGE_PREFIX,
  EARLY_SESSION_TOKEN_KEY,
  sendEarlyBoardRequest,
  takeEarlyBoardRequest,
  takeEarlyFirstPage,
  UNFILTERED_FIRST_PAGE,
} from "./early-board-request";
import { filtersFromLink } from "./filters/filter-link";
import { PIPELINE_STORAGE_PREFIX } from "./pipeline-storage";
import { BOARD_PIPELINES_STORAGE_PREFIX } from "./remembered-pipelines";

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

type Sent = { query: string; variables: Record<string, unknown> };

/** The early script's requests, answered as the server would: the list, then pages named p0, p1, … */
function boardServer(pipelineIds: string[], failPages = false) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    const { query, variables } = JSON.parse(String(init.body)) as Sent;
    if (query.startsWith("query boardPipelines"))
      return Response.json({ data: { workspace: { id: "w1", pipelines: pipelineIds.map((id) => ({ id })) } } });
    if (failPages) return Response.json({ errors: [{ message: "no" }] });
    const pages = Object.keys(variables)
      .filter((name) => /^p\d+$/.test(name))
      .map((name) => [
        name,
        { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [{ id: `in ${variables[name]}` }] },
      ]);
    return Response.json({ data: Object.fromEntries(pages) });
  });
}

function earlyPage(
  pathname: string,
  search: string,
  stored: Record<string, string>,
  fetch: ReturnType<typeof boardServer>,
) {
  const storage = new Map(Object.entries({ [SESSION_TOKEN_KEY]: "t1", ...stored }));
  return {
    location: { pathname, search } as Location,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null } as Storage,
    fetch: fetch as unknown as typeof window.fetch,
  };
}

/** The variables the board sends for an unfiltered board link (api.ts's usePipelinePageReader). */
function boardsFirstPage(pipelineId: string, sortType: SortType = DEFAULT_SORT_TYPE) {
  const { filters, filterLogic } = filtersFromLink(new URLSearchParams());
  return {
    workspaceId: "w1",
    pipelineId,
    sortType,
    first: BOARD_PAGE_SIZE,
    filters: boardFiltersToSearchInput(filters, filterLogic),
    query: filters.search,
  };
}

const operations = (fetch: ReturnType<typeof boardServer>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Sent);

describe("the columns' early first pages", () => {
  it("on a first visit asks for the open pipelines' cards when the list arrives, three a request, as the board would", async () => {
    const fetch = boardServer(["p1", "p2", "p3", "p4", CLOSED_PIPELINE_ID]);
    const page = earlyPage("/workspaces/w1/board", "", {}, fetch);
    sendEarlyBoardRequest(page);
    const first = await takeEarlyFirstPage(boardsFirstPage("p1"), "t1", page);
    expect(first?.nodes).toEqual([{ id: "in p1" }]);
    const sent = operations(fetch);
    const { first: firstCount, filters, query } = boardsFirstPage("p1");
    expect(sent.map(({ query }) => query)).toEqual([BOARD_PIPELINES, firstPagesQuery(3), firstPagesQuery(1)]);
    expect(sent[1]?.variables).toEqual(
      firstPagesVariables({ workspaceId: "w1", first: firstCount, filters, query }, [
        { pipelineId: "p1", sortType: DEFAULT_SORT_TYPE },
        { pipelineId: "p2", sortType: DEFAULT_SORT_TYPE },
        { pipelineId: "p3", sortType: DEFAULT_SORT_TYPE },
      ]),
    );
    expect((await takeEarlyFirstPage(boardsFirstPage("p4"), "t1", page))?.nodes).toEqual([{ id: "in p4" }]);
    // Once: the board's next reading of p1 is its own.
    expect(await takeEarlyFirstPage(boardsFirstPage("p1"), "t1", page)).toBeUndefined();
    expect(await takeEarlyFirstPage(boardsFirstPage(CLOSED_PIPELINE_ID), "t1", page)).toBeUndefined();
  });

  it("on a return visit asks for the remembered pipelines' cards beside the list", async () => {
    const fetch = boardServer(["p1", "p2"]);
    const page = earlyPage(
      "/workspaces/w1/board",
      "",
      { [`${BOARD_PIPELINES_STORAGE_PREFIX}w1`]: '["p1","p2"]' },
      fetch,
    );
    sendEarlyBoardRequest(page);
    // Both sent before the list has answered.
    expect(operations(fetch).map(({ query }) => query)).toEqual([BOARD_PIPELINES]);
    await Promise.resolve();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect((await takeEarlyFirstPage(boardsFirstPage("p2"), "t1", page))?.nodes).toEqual([{ id: "in p2" }]);
  });

  it("leaves a pipeline sorted in this browser, a filtered link and another session to the board", async () => {
    const fetch = boardServer(["p1", "p2"]);
    const page = earlyPage(
      "/workspaces/w1/board",
      "",
      { [`${PIPELINE_STORAGE_PREFIX}p2`]: '{"sortType":"NEWEST"}' },
      fetch,
    );
    sendEarlyBoardRequest(page);
    expect(await takeEarlyFirstPage(boardsFirstPage("p2", "NEWEST"), "t1", page)).toBeUndefined();
    expect(takeEarlyFirstPage(boardsFirstPage("p1"), "t2", page)).toBeUndefined();
    expect(await takeEarlyFirstPage({ ...boardsFirstPage("p1"), query: "login" }, "t1", page)).toBeUndefined();
    expect(operations(fetch)[1]?.variables).toMatchObject({ p0: "p1" });
    expect(operations(fetch)[1]?.variables).not.toHaveProperty("p1");

    const filtered = boardServer(["p1"]);
    const linked = earlyPage("/workspaces/w1/board", "?labels=bug", {}, filtered);
    sendEarlyBoardRequest(linked);
    expect(takeEarlyFirstPage(boardsFirstPage("p1"), "t1", linked)).toBeUndefined();
    expect(operations(filtered).map(({ query }) => query)).toEqual([BOARD_PIPELINES]);
  });

  it("answers nothing for a page whose request failed, so the board asks again", async () => {
    const page = earlyPage("/workspaces/w1/board", "", {}, boardServer(["p1"], true));
    sendEarlyBoardRequest(page);
    expect(await takeEarlyFirstPage(boardsFirstPage("p1"), "t1", page)).toBeUndefined();
  });

  it("keeps nothing for a later board once the board has closed", async () => {
    const page = earlyPage("/workspaces/w1/board", "", {}, boardServer(["p1"]));
    sendEarlyBoardRequest(page);
    dropEarlyFirstPages(page);
    expect(takeEarlyFirstPage(boardsFirstPage("p1"), "t1", page)).toBeUndefined();
  });

  it("writes out the domain's values it cannot import", () => {
    const { first, filters, query } = boardsFirstPage("p1");
    expect(JSON.stringify(UNFILTERED_FIRST_PAGE)).toBe(JSON.stringify({ first, filters, query }));
    expect([EARLY_MANUAL_SORT, EARLY_CLOSED_PIPELINE_ID, EARLY_PIPELINE_STORAGE_PREFIX]).toEqual([
      DEFAULT_SORT_TYPE,
      CLOSED_PIPELINE_ID,
      PIPELINE_STORAGE_PREFIX,
    ]);
  });
});
