import type { FastifyRequest } from "fastify";

/** Where the sandbox is reached, as the caller addressed it; every URL in a response is built from it. */
export interface Site {
  /** Origin of the OAuth pages and html_url links, e.g. http://127.0.0.1:3001 */
  webUrl: string;
  /** Base of the REST API, e.g. http://127.0.0.1:3001/api/v3 */
  apiUrl: string;
}

export function siteOf(request: FastifyRequest, apiPrefix: string): Site {
  const webUrl = `${request.protocol}://${request.host}`;
  return { webUrl, apiUrl: `${webUrl}${apiPrefix}` };
}

/** GitHub node ids are opaque base64 strings naming the type and database id. */
export function nodeId(type: string, id: number): string {
  return Buffer.from(`0:${type}${id}`).toString("base64");
}
