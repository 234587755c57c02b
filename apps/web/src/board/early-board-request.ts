import { firstPagesQuery, firstPagesVariables } from "./board-queries";
import { FIRST_PAGES_PER_REQUEST, type IssuePageOf } from "./first-pages";
import { readRememberedPipelines } from "./remembered-pipelines";

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

/**
 * A first page's shared variables on a board link without filters, search or view, as the board
 * sends them (BOARD_PAGE_SIZE, boardFiltersToSearchInput of no filters, DEFAULT_FILTER_LOGIC),
 * written out for the same reason; early-board-request.test.ts keeps them equal. The board takes an
 * early page only if its own variables are these, so a difference costs the head start, not the cards.
 */
const NO_VALUES = { notInAny: false, in: [], nin: [] };
const NO_EPICS = { id: { in: [], nin: [] }, specialFilters: null };
export const UNFILTERED_FIRST_PAGE = {
  first: 50,
  filters: {
    matchType: "all",
    repositoryGhIds: [],
    repositoryIds: [],
    labels: NO_VALUES,
    assignees: NO_VALUES,
    users: NO_VALUES,
    issueIssueTypes: NO_VALUES,
    releases: NO_VALUES,
    milestones: NO_VALUES,
    estimates: { values: { in: [], nin: [] }, specialFilters: [] },
    epics: NO_EPICS,
    gantryEpics: NO_EPICS,
    sprints: { notInAny: false, in: [], specialFilters: null },
    issueBuckets: { ids: [] },
    parentIssues: { ids: [], recursiveIds: [], specialFilters: null },
    issueIssueTypeDisposition: "ANY",
  },
  query: "",
};
/** The domain's DEFAULT_SORT_TYPE and CLOSED_PIPELINE_ID, and pipeline-storage.ts's PIPELINE_STORAGE_PREFIX. */
export const EARLY_MANUAL_SORT = "SORT_TYPE_MANUAL" as const;
export const EARLY_CLOSED_PIPELINE_ID = "closed--pipeline";
export const EARLY_PIPELINE_STORAGE_PREFIX = "zhPipelines_";

const BOARD_PATH = /^\/workspaces\/([^/]+)\/board\/?$/;

/** Where the early request waits for the board: one property of the page's window. */
const SLOT = "__gantryEarlyBoardRequest";
/** Where the early first pages wait, by pipeline id, until the board asks for them or closes. */
const PAGES_SLOT = "__gantryEarlyFirstPages";

/** One pipeline's first page as asked for early: its request's variables, and its page (none if that request failed). */
interface EarlyFirstPage {
  variables: string;
  page: Promise<IssuePageOf<unknown> | undefined>;
}

interface EarlyFirstPages {
  workspaceId: string;
  token: string;
  /** Known once the pipelines are: from this browser's memory of the board, or from the list's answer. */
  pages: Promise<Map<string, EarlyFirstPage>>;
}

interface EarlyBoardRequest {
  workspaceId: string;
  token: string;
  answer: Promise<Response>;
}

type EarlyWindow = Pick<Window, "location" | "localStorage" | "fetch"> & {
  [SLOT]?: EarlyBoardRequest;
  [PAGES_SLOT]?: EarlyFirstPages;
};

interface FirstPageRequest {
  workspaceId: string;
  pipelineId: string;
  sortType: string;
  first: number;
  filters: unknown;
  query: string;
}

/** One pipeline's first-page variables as a key: the same text for the same request. */
const firstPageKey = ({ workspaceId, pipelineId, sortType, first, filters, query }: FirstPageRequest) =>
  JSON.stringify([workspaceId, pipelineId, sortType, first, query, filters]);

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
  const send = page.fetch.bind(page);
  const answer = send("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: BOARD_PIPELINES, variables: { workspaceId: decodeURIComponent(workspaceId) } }),
  });
  // Taken and read by the board; a failure is its to report, not an unhandled rejection here.
  answer.catch(() => undefined);
  const id = decodeURIComponent(workspaceId);
  page[SLOT] = { workspaceId: id, token, answer };
  // A link with filters, a search or a saved view reads other pages: the board asks for those itself.
  if (page.location.search === "") sendEarlyFirstPages(page, send, id, token, answer);
}

/**
 * The columns' first cards, asked for as soon as the pipelines are known (issue #32: the first
 * visit's cards waited for the app's code, then for a request of their own): on a return visit at
 * once, for the pipelines this browser remembers; on a first visit when the list's answer arrives,
 * here, not after the app has loaded. The same requests the board would send (api.ts's
 * usePipelinePageReader: FIRST_PAGES_PER_REQUEST pipelines a request), for the open pipelines in
 * the manual order; a pipeline sorted otherwise in this browser, and the Closed pipeline, are left
 * to the board.
 */
function sendEarlyFirstPages(
  page: EarlyWindow,
  send: typeof fetch,
  workspaceId: string,
  token: string,
  list: Promise<Response>,
) {
  const remembered = readRememberedPipelines(page.localStorage, workspaceId);
  const pipelineIds: Promise<string[]> = remembered.length
    ? Promise.resolve(remembered)
    : // The clone is read here; the board reads the answer itself.
      list.then(async (response) => {
        const body = (await response.clone().json()) as {
          data?: { workspace?: { pipelines?: { id: string }[] } | null };
        };
        return (body.data?.workspace?.pipelines ?? []).map(({ id }) => id);
      });
  const pages = pipelineIds
    .then((ids) => {
      const wanted = ids
        .filter((id) => id !== EARLY_CLOSED_PIPELINE_ID && isManuallySorted(page.localStorage, id))
        .map((pipelineId) => ({ pipelineId, sortType: EARLY_MANUAL_SORT }));
      const sent = new Map<string, EarlyFirstPage>();
      for (let start = 0; start < wanted.length; start += FIRST_PAGES_PER_REQUEST) {
        const chunk = wanted.slice(start, start + FIRST_PAGES_PER_REQUEST);
        const answer = send("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            query: firstPagesQuery(chunk.length),
            variables: firstPagesVariables({ workspaceId, ...UNFILTERED_FIRST_PAGE }, chunk),
          }),
        })
          .then((response) => response.json() as Promise<{ data?: Record<string, IssuePageOf<unknown>> | null }>)
          // Anything but a whole answer is the board's to ask again and report.
          .catch(() => undefined);
        chunk.forEach(({ pipelineId, sortType }, index) => {
          sent.set(pipelineId, {
            variables: firstPageKey({ workspaceId, pipelineId, sortType, ...UNFILTERED_FIRST_PAGE }),
            page: answer.then((body) => body?.data?.[`p${index}`] ?? undefined),
          });
        });
      }
      return sent;
    })
    .catch(() => new Map<string, EarlyFirstPage>());
  page[PAGES_SLOT] = { workspaceId, token, pages };
}

function isManuallySorted(storage: Storage, pipelineId: string): boolean {
  try {
    return storage.getItem(`${EARLY_PIPELINE_STORAGE_PREFIX}${pipelineId}`) === null;
  } catch {
    return false;
  }
}

/**
 * The early first page for exactly this request and session, once. Undefined at once when nothing
 * was sent early for this board and session; else a promise of the page, or of undefined when that
 * pipeline was not asked for early, was asked with other variables, or its request failed.
 */
export function takeEarlyFirstPage<Issue>(
  request: FirstPageRequest,
  token: string | null,
  page: EarlyWindow = window,
): Promise<IssuePageOf<Issue> | undefined> | undefined {
  const early = page[PAGES_SLOT];
  if (!early || early.workspaceId !== request.workspaceId || early.token !== token) return undefined;
  return early.pages.then(async (pages) => {
    const sent = pages.get(request.pipelineId);
    pages.delete(request.pipelineId);
    if (!sent || sent.variables !== firstPageKey(request)) return undefined;
    return (await sent.page) as IssuePageOf<Issue> | undefined;
  });
}

/** The board has closed: what it did not take is not kept for a later visit, whose cards may have changed. */
export function dropEarlyFirstPages(page: EarlyWindow = window): void {
  page[PAGES_SLOT] = undefined;
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
