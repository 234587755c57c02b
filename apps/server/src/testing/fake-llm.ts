import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model does with the next chat-completions request. */
export type FakeLlmAnswer =
  /** Streams the pieces as OpenAI-compatible `data:` chunks, then `[DONE]`; `pauseMs` between pieces. */
  | { kind: "stream"; pieces: string[]; pauseMs?: number; stallAfter?: number }
  /** Answers with this HTTP status and a JSON error body, as hosted APIs do. */
  | { kind: "status"; status: number; headers?: Record<string, string> }
  /** Accepts the request and never answers. */
  | { kind: "silent" };

export interface FakeLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
}

export interface FakeLlm {
  /** The base URL to give as AI_BASE_URL. */
  baseUrl: string;
  /** Every request received, in order. */
  requests: FakeLlmRequest[];
  /** Sets what the following requests get (the default streams "- [ ] Works"). */
  answer(next: FakeLlmAnswer): void;
  close(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<FakeLlmRequest["body"]> {
  let text = "";
  for await (const part of request) text += part;
  return JSON.parse(text) as FakeLlmRequest["body"];
}

async function respond(answer: FakeLlmAnswer, response: ServerResponse): Promise<void> {
  if (answer.kind === "silent") return;
  if (answer.kind === "status") {
    response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    response.end(JSON.stringify({ error: { message: `status ${answer.status}`, type: "test" } }));
    return;
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [index, piece] of answer.pieces.entries()) {
    if (answer.stallAfter === index) return;
    response.write(chunk(piece));
    if (answer.pauseMs) await pause(answer.pauseMs);
  }
  response.end("data: [DONE]\n\n");
}

/**
 * An OpenAI-compatible chat-completions server on loopback for tests: it records what Gantry
 * sends (so a test can prove what left the server, and that nothing did) and answers as told.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  let next: FakeLlmAnswer = { kind: "stream", pieces: ["- [ ] Works"] };
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    readBody(request)
      .then((body) => {
        requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
        return respond(next, response);
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (answer) => {
      next = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}
