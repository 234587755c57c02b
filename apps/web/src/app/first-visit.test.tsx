import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendEarlyBoardRequest } from "../board/early-board-request";
import { layOutBoxes } from "../test/browser-apis";
import { sendEarlyAppRequests, takeEarlyServerVersion } from "./early-app-requests";
import { deferUntilFirstCards, FIRST_CARDS_WAIT_MS } from "./first-cards";
import type { RuntimeConfig } from "./runtime-config";

const pipelines = [
  {
    id: "p1",
    name: "New Issues",
    description: null,
    issueCounts: { issuesCount: 1, pullRequestsCount: 0, totalStoryPoints: 0 },
  },
];
const card = {
  id: "i1",
  number: 1,
  title: "One",
  state: "OPEN",
  pullRequest: false,
  htmlUrl: "https://github.com/acme/web/issues/1",
  labels: [],
  assignees: [],
  user: null,
};
const page = (nodes: unknown[]) => ({ pageInfo: { hasNextPage: false, endCursor: null }, nodes });

/** Every request the page sends, in order, each with whether a card was on the screen when it left. */
function serve() {
  const sent: { name: string; cardsShown: boolean }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const operation = init?.body
      ? /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(JSON.parse(String(init.body)).query)?.[1]
      : undefined;
    const name = operation ?? url.split("?")[0] ?? url;
    sent.push({ name, cardsShown: document.querySelector("article") !== null });
    if (name === "/version.json") return Response.json({ version: "1", buildId: "b" });
    if (name === "/api/user-info")
      return Response.json({
        flags: [],
        user: { zh: { raptorId: "u1", email: "ada@acme.io", name: "Ada", username: "ada" }, gh: null },
        enterpriseSeat: null,
      });
    if (name === "boardPipelines")
      return Response.json({
        data: { workspace: { id: "w1", name: "Launch", viewerPermission: "WRITE", activeSprint: null, pipelines } },
      });
    if (name === "boardFirstPages") return Response.json({ data: { p0: page([card]) } });
    // React's development StrictMode closes and reopens the board, which drops the early pages.
    if (name === "boardPipelineIssues") return Response.json({ data: { searchIssuesByPipeline: page([card]) } });
    return Response.json({ data: null });
  });
  return { sent, fetch };
}

describe("a first visit to a board (issue #32, decision 0101)", () => {
  layOutBoxes({ boxSize: 600, cardHeight: 92 });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks for everything the first cards wait on before the app's code runs, and the shell's lists after the cards", async () => {
    window.history.replaceState(null, "", "/workspaces/w1/board");
    localStorage.setItem("authV2_token", "t1");
    const { sent, fetch } = serve();
    vi.stubGlobal("fetch", fetch);

    // index.html's early script, while the app's code loads.
    sendEarlyAppRequests();
    sendEarlyBoardRequest();
    await vi.waitFor(() => expect(sent.map(({ name }) => name)).toContain("boardFirstPages"));
    const early = sent.map(({ name }) => name);
    expect(early).toEqual(["/version.json", "/api/user-info", "boardPipelines", "boardFirstPages"]);

    // main.tsx, once the code has loaded: the version check it waits for has already answered.
    await takeEarlyServerVersion();
    // (Imported first: in the page, this code has loaded by now; FIRST_CARDS_WAIT_MS counts from here.)
    const { App } = await import("./App");
    deferUntilFirstCards(window.location.pathname);
    render(<App config={{ productName: "Gantry", edition: "cloud" } as RuntimeConfig} />);

    expect(await screen.findByRole("article", { name: "Issue #1: One" }, { timeout: 3_000 })).toBeInTheDocument();
    const shellLists = ["viewerHome", "githubUser", "ViewerUserSettings"];
    await vi.waitFor(() => expect(sent.map(({ name }) => name)).toEqual(expect.arrayContaining(shellLists)), {
      timeout: FIRST_CARDS_WAIT_MS - 1_000,
    });
    // The app asked again for none of what it waited on before drawing the board.
    const byApp = sent.slice(early.length);
    for (const name of ["/version.json", "/api/user-info", "boardPipelines"])
      expect(byApp.map((request) => request.name)).not.toContain(name);
    // The shell's lists left once the first cards were on the screen.
    for (const name of shellLists) expect(byApp.find((request) => request.name === name)?.cardsShown).toBe(true);
  });
});
