import type { FastifyReply, FastifyRequest } from "fastify";
import { queryParam } from "./input.js";

const defaultPerPage = 30;
const maxPerPage = 100;

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Slices one page out of `items` and writes GitHub's `Link` header (first, prev, next, last),
 * keeping the request's other query parameters so clients can follow the links as given.
 */
export function paginate<T>(request: FastifyRequest, reply: FastifyReply, items: readonly T[]): T[] {
  const perPage = Math.min(positiveInteger(queryParam(request, "per_page"), defaultPerPage), maxPerPage);
  const page = positiveInteger(queryParam(request, "page"), 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));

  const base = new URL(request.url, `${request.protocol}://${request.host}`);
  const linkTo = (target: number, rel: string) => {
    const url = new URL(base);
    url.searchParams.set("per_page", String(perPage));
    url.searchParams.set("page", String(target));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(linkTo(Math.min(page - 1, lastPage), "prev"));
  if (page < lastPage) links.push(linkTo(page + 1, "next"), linkTo(lastPage, "last"));
  if (page > 1) links.push(linkTo(1, "first"));
  if (links.length > 0) reply.header("link", links.join(", "));

  return items.slice((page - 1) * perPage, page * perPage);
}
