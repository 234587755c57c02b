import { describe, expect, it } from "vitest";
import { GraphQLRequestError } from "../api/graphql";
import { FIRST_PAGES_PER_REQUEST, type FirstPageWanted, firstPageBatcher, type IssuePageOf } from "./first-pages";

type Search = { query: string };
const pageOf = (pipelineId: string): IssuePageOf<string> => ({
  nodes: [`${pipelineId} card`],
  pageInfo: { hasNextPage: false, endCursor: null },
});
const wanted = (pipelineId: string): FirstPageWanted => ({ pipelineId, sortType: "SORT_TYPE_MANUAL" as const });

/** A batcher over a fake server, recording each request as the pipelines it asked for. */
function server(fail: { together?: Error; one?: (pipelineId: string) => Error | null } = {}) {
  const requests: string[][] = [];
  const read = firstPageBatcher<Search, string>(
    async (_search, asked) => {
      requests.push(asked.map((entry) => entry.pipelineId));
      if (fail.together) throw fail.together;
      return asked.map((entry) => pageOf(entry.pipelineId));
    },
    async (_search, asked) => {
      requests.push([asked.pipelineId]);
      const error = fail.one?.(asked.pipelineId);
      if (error) throw error;
      return pageOf(asked.pipelineId);
    },
    (search) => search.query,
  );
  return { read, requests };
}

describe("first pages read together", () => {
  it("sends the pipelines asked for in the same moment as one request, each getting its own page", async () => {
    const { read, requests } = server();
    const pages = await Promise.all(["p1", "p2", "p3"].map((id) => read({ query: "" }, wanted(id))));
    expect(requests).toEqual([["p1", "p2", "p3"]]);
    expect(pages.map((page) => page.nodes)).toEqual([["p1 card"], ["p2 card"], ["p3 card"]]);
  });

  it("keeps pages under different searches apart, and reads a lone pipeline on its own", async () => {
    const { read, requests } = server();
    await Promise.all([
      read({ query: "a" }, wanted("p1")),
      read({ query: "a" }, wanted("p2")),
      read({ query: "b" }, wanted("p3")),
    ]);
    expect(requests).toEqual([["p1", "p2"], ["p3"]]);
    await read({ query: "a" }, wanted("p4"));
    expect(requests.at(-1)).toEqual(["p4"]);
  });

  it(`asks for at most ${FIRST_PAGES_PER_REQUEST} pipelines per request`, async () => {
    const { read, requests } = server();
    const ids = Array.from({ length: FIRST_PAGES_PER_REQUEST + 3 }, (_, index) => `p${index}`);
    await Promise.all(ids.map((id) => read({ query: "" }, wanted(id))));
    expect(requests.map((request) => request.length)).toEqual([FIRST_PAGES_PER_REQUEST, 3]);
  });

  it("lets each pipeline ask alone after an error in the shared answer, so only the failing one shows it", async () => {
    const gone = new GraphQLRequestError("Pipeline not found.", "NOT_FOUND", {});
    const { read, requests } = server({ together: gone, one: (id) => (id === "p2" ? gone : null) });
    const answers = await Promise.allSettled(["p1", "p2", "p3"].map((id) => read({ query: "" }, wanted(id))));
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(requests).toEqual([["p1", "p2", "p3"], ["p1"], ["p2"], ["p3"]]);
  });

  it("gives every pipeline the same network failure without asking again", async () => {
    const offline = new GraphQLRequestError("Could not reach the server.", "NETWORK_ERROR", {});
    const { read, requests } = server({ together: offline });
    const answers = await Promise.allSettled(["p1", "p2"].map((id) => read({ query: "" }, wanted(id))));
    expect(answers).toEqual([
      { status: "rejected", reason: offline },
      { status: "rejected", reason: offline },
    ]);
    expect(requests).toEqual([["p1", "p2"]]);
  });
});
