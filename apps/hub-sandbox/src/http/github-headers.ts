import type { FastifyInstance } from "fastify";

/** Headers every GitHub API answer carries; Octokit logs the request id with failures. */
export function registerGitHubHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-github-request-id", request.id);
    reply.header("x-github-media-type", "github.v3; format=json");
    return payload;
  });
}
