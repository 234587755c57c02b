import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** Where this request reached the sandbox, for the URLs in its answer. */
    site: Site;
  }
}

/** Where the sandbox is reached, as the caller addressed it; every URL in a response is built from it. */
export interface Site {
  /** Origin of the OAuth pages and html_url links, e.g. http://127.0.0.1:3001 */
  webUrl: string;
  /** Base of the REST API, e.g. http://127.0.0.1:3001/api/v3 */
  apiUrl: string;
}

function siteOf(request: FastifyRequest, apiPrefix: string): Site {
  const webUrl = `${request.protocol}://${request.host}`;
  return { webUrl, apiUrl: `${webUrl}${apiPrefix}` };
}

export function registerSite(app: FastifyInstance, apiPrefix: string): void {
  app.decorateRequest("site", {
    getter(this: FastifyRequest) {
      return siteOf(this, apiPrefix);
    },
  });
}

/** GitHub node ids are opaque base64 strings naming the type and database id. */
export function nodeId(type: string, id: number): string {
  return Buffer.from(`0:${type}${id}`).toString("base64");
}
