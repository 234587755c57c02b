import type { SortType } from "@gantry/domain";
import { GraphQLRequestError } from "../api/graphql";

export interface IssuePageOf<Issue> {
  nodes: Issue[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** One pipeline's first page, as asked for by its column. */
export interface FirstPageWanted {
  pipelineId: string;
  sortType: SortType;
}

/**
 * Pipelines per request: about a laptop screen's worth. The cards of one request show when its
 * whole answer has come, so all eight pipelines in one request showed the first cards ~160 ms
 * later (B3 median 950 ms against 788 ms one pipeline a request); three a request show them at
 * 801–851 ms and still spare the server a third of its statements per board (B1, issue #14).
 */
export const FIRST_PAGES_PER_REQUEST = 3;

/**
 * Collects the first pages that columns ask for in the same moment (a board opening, new filters)
 * and reads them FIRST_PAGES_PER_REQUEST to a request instead of one each: the server answers the
 * cards of a request from one set of reads (issue #14, B1). Pages under different filters go apart.
 *
 * When a shared request fails with an error about its content (a pipeline deleted meanwhile), each
 * pipeline asks again on its own, so one pipeline's error is not shown on its neighbours; a network
 * or sign-in failure is every pipeline's answer at once.
 */
export function firstPageBatcher<Search, Issue>(
  readTogether: (search: Search, wanted: FirstPageWanted[]) => Promise<IssuePageOf<Issue>[]>,
  readOne: (search: Search, wanted: FirstPageWanted) => Promise<IssuePageOf<Issue>>,
  keyOf: (search: Search) => string,
) {
  type Waiting = FirstPageWanted & {
    resolve: (page: IssuePageOf<Issue>) => void;
    reject: (error: unknown) => void;
  };
  const pending = new Map<string, { search: Search; waiting: Waiting[] }>();

  const readChunk = async (search: Search, chunk: Waiting[]) => {
    if (chunk.length === 1) {
      const [only] = chunk as [Waiting];
      return readOne(search, only).then(only.resolve, only.reject);
    }
    try {
      const pages = await readTogether(search, chunk);
      chunk.forEach((waiting, index) => {
        const page = pages[index];
        if (page) waiting.resolve(page);
        else waiting.reject(new GraphQLRequestError("The server answered without this pipeline.", "INTERNAL", {}));
      });
    } catch (error) {
      const everyones =
        error instanceof GraphQLRequestError && ["NETWORK_ERROR", "UNAUTHENTICATED"].includes(error.code);
      for (const waiting of chunk) {
        if (everyones) waiting.reject(error);
        else void readOne(search, waiting).then(waiting.resolve, waiting.reject);
      }
    }
  };

  const flush = () => {
    const batches = [...pending.values()];
    pending.clear();
    for (const { search, waiting } of batches) {
      for (let start = 0; start < waiting.length; start += FIRST_PAGES_PER_REQUEST)
        void readChunk(search, waiting.slice(start, start + FIRST_PAGES_PER_REQUEST));
    }
  };

  return (search: Search, wanted: FirstPageWanted): Promise<IssuePageOf<Issue>> =>
    new Promise((resolve, reject) => {
      // Columns ask in their effects, all run in one go: the batch is sent once they have all asked.
      if (pending.size === 0) queueMicrotask(flush);
      const key = keyOf(search);
      const batch = pending.get(key) ?? { search, waiting: [] };
      batch.waiting.push({ ...wanted, resolve, reject });
      pending.set(key, batch);
    });
}
