/**
 * The domain's SESSION_TOKEN_KEY, written out: importing @gantry/domain would bring its whole index
 * (38 KB) into the script that must arrive first. early-board-request.test.ts keeps the two equal.
 */
export const EARLY_SESSION_TOKEN_KEY = "authV2_token";

/** The board's first request: its pipelines and their counts (api.ts's useBoardPipelines). */
export const BOARD_PIPELINES = `query boardPipelines($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    id name viewerPermission activeSprint { id }
    pipelines(includeClosed: true) { id name description issueCounts { issuesCount pullRequestsCount totalStoryPoints } }
  }
}`;

const BOARD_PATH = /^\/workspaces\/([^/]+)\/board\/?$/;

/** Where the early request waits for the board: one property of the page's window. */
const SLOT = "__gantryEarlyBoardRequest";

interface EarlyBoardRequest {
  workspaceId: string;
  token: string;
  answer: Promise<Response>;
}

type EarlyWindow = Pick<Window, "location" | "localStorage" | "fetch"> & { [SLOT]?: EarlyBoardRequest };

/**
 * On a first visit to a board, sends its pipelines request while the app's code is still loading
 * (issue #32's "the board's first page requested while the code loads", decisions 0072 and 0082).
 * Runs from `early.ts`, its own small script that index.html loads ahead of the app; the board takes
 * the answer once (`takeEarlyBoardRequest`). Only for a signed-in session on a board's own path: the
 * request is the same whatever the board's filters, so nothing else needs reading.
 */
export function sendEarlyBoardRequest(page: EarlyWindow = window): void {
  const workspaceId = BOARD_PATH.exec(page.location.pathname)?.[1];
  let token: string | null = null;
  try {
    token = page.localStorage.getItem(EARLY_SESSION_TOKEN_KEY);
  } catch {
    // Storage refused (the extension's framed pages): the board asks for itself.
  }
  if (!workspaceId || !token) return;
  const answer = page.fetch("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: BOARD_PIPELINES, variables: { workspaceId: decodeURIComponent(workspaceId) } }),
  });
  // Taken and read by the board; a failure is its to report, not an unhandled rejection here.
  answer.catch(() => undefined);
  page[SLOT] = { workspaceId: decodeURIComponent(workspaceId), token, answer };
}

/**
 * The early answer for this board and session, once: a second reading (a refetch, another board,
 * a sign-in as someone else) sends its own request.
 */
export function takeEarlyBoardRequest(
  workspaceId: string,
  token: string | null,
  page: EarlyWindow = window,
): Promise<Response> | undefined {
  const early = page[SLOT];
  page[SLOT] = undefined;
  return early && early.workspaceId === workspaceId && early.token === token ? early.answer : undefined;
}
