import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiEndpointConfig } from "../config/config.js";
import { type FakeLlm, startFakeLlm } from "../testing/fake-llm.js";
import { AiEndpointError, streamChatCompletion } from "./chat-completions.js";

const KEY = "sk-test-secret-key";
let llm: FakeLlm;
let endpoint: AiEndpointConfig;

beforeAll(async () => {
  llm = await startFakeLlm();
  endpoint = { baseUrl: llm.baseUrl, apiKey: KEY, model: "test-model", timeoutMs: 300 };
});
afterAll(() => llm.close());

const ask = { role: "user", content: "Criteria for: export CSV" } as const;

async function collect(config: AiEndpointConfig = endpoint, signal?: AbortSignal) {
  const pieces: string[] = [];
  try {
    for await (const piece of streamChatCompletion(config, [ask], signal ? { signal } : {})) pieces.push(piece);
    return { pieces, error: null };
  } catch (error) {
    return { pieces, error: error as AiEndpointError };
  }
}

describe("streaming chat completions from an OpenAI-compatible endpoint", () => {
  it("sends the model, the messages and the key, and yields the answer piece by piece until [DONE]", async () => {
    llm.answer({ kind: "stream", pieces: ["- [ ] Header ", "row kept\n", "- [ ] Totals match"] });
    const before = llm.requests.length;
    const { pieces, error } = await collect();
    expect(error).toBeNull();
    expect(pieces).toEqual(["- [ ] Header ", "row kept\n", "- [ ] Totals match"]);
    expect(llm.requests.slice(before)).toEqual([
      {
        path: "/v1/chat/completions",
        authorization: `Bearer ${KEY}`,
        body: expect.objectContaining({ model: "test-model", stream: true, messages: [ask] }),
      },
    ]);
  });

  it("sends no authorization header to an endpoint configured without a key", async () => {
    llm.answer({ kind: "stream", pieces: ["ok"] });
    await collect({ ...endpoint, apiKey: undefined });
    expect(llm.requests.at(-1)?.authorization).toBeUndefined();
  });

  it("keeps a slow answer that keeps coming: the timeout counts between pieces, not for the whole answer", async () => {
    // 1.25 s in all, longer than the 1 s timeout, but never more than 0.25 s between two pieces.
    llm.answer({ kind: "stream", pieces: ["a", "b", "c", "d", "e"], pauseMs: 250 });
    expect(await collect({ ...endpoint, timeoutMs: 1000 })).toEqual({ pieces: ["a", "b", "c", "d", "e"], error: null });
  });
});

describe("failures give a message a person can act on", () => {
  it("times out when the endpoint never answers", async () => {
    llm.answer({ kind: "silent" });
    const { error } = await collect();
    expect(error).toBeInstanceOf(AiEndpointError);
    expect(error).toMatchObject({
      kind: "TIMEOUT",
      message: "The AI service did not answer within 0.3 seconds. Try again later.",
    });
  });

  it("times out when the answer stalls half-way, after yielding what came", async () => {
    llm.answer({ kind: "stream", pieces: ["- [ ] First", "- [ ] Never sent"], stallAfter: 1 });
    const { pieces, error } = await collect();
    expect(pieces).toEqual(["- [ ] First"]);
    expect(error?.kind).toBe("TIMEOUT");
  });

  it("says the service failed on a 500", async () => {
    llm.answer({ kind: "status", status: 500 });
    expect((await collect()).error).toMatchObject({
      kind: "FAILED",
      message: "The AI service failed to answer (HTTP 500). Try again later.",
    });
  });

  it("says when to try again on a 429, from Retry-After when given", async () => {
    llm.answer({ kind: "status", status: 429, headers: { "retry-after": "20" } });
    expect((await collect()).error).toMatchObject({
      kind: "RATE_LIMITED",
      message: "The AI service is receiving too many requests (rate limit reached). Try again in 20 seconds.",
    });
    llm.answer({ kind: "status", status: 429 });
    expect((await collect()).error?.message).toContain("Try again in a minute.");
  });

  it("points an administrator at the key on a 401, without repeating it", async () => {
    llm.answer({ kind: "status", status: 401 });
    const { error } = await collect();
    expect(error).toMatchObject({
      kind: "REFUSED_CREDENTIALS",
      message: "The AI service refused Gantry's credentials. An administrator should check AI_API_KEY.",
    });
    expect(error?.message).not.toContain(KEY);
  });

  it("says it could not reach an endpoint that is not listening", async () => {
    const gone = await startFakeLlm();
    await gone.close();
    expect((await collect({ ...endpoint, baseUrl: gone.baseUrl })).error).toMatchObject({
      kind: "UNREACHABLE",
      message: "Gantry could not reach the AI service. Try again later.",
    });
  });

  it("stops asking the model when the caller stops waiting", async () => {
    llm.answer({ kind: "silent" });
    const controller = new AbortController();
    const pending = collect({ ...endpoint, timeoutMs: 10_000 }, controller.signal);
    controller.abort();
    const { error } = await pending;
    expect(error).not.toBeInstanceOf(AiEndpointError);
  });
});
