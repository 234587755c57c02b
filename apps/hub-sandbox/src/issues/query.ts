import type { FastifyRequest } from "fastify";
import { validationFailed } from "../http/errors.js";
import { queryParam } from "../http/input.js";
import type { Issue, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

/** Orders issues by GitHub's `sort` (created, updated, comments; pulls' popularity and long-running too) and `direction`. */
export function sortIssues(issues: Issue[], sort = "created", direction = "desc"): Issue[] {
  const key = (issue: Issue): string | number =>
    sort === "updated"
      ? issue.updatedAt
      : sort === "comments" || sort === "popularity"
        ? issue.commentCount
        : issue.createdAt;
  const sign = direction === "asc" ? 1 : -1;
  return issues.sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    return sign * (left < right ? -1 : left > right ? 1 : a.number - b.number);
  });
}

/** A timestamp query parameter such as `since`, or undefined; GitHub refuses one it cannot read. */
export function timestampParam(request: FastifyRequest, name: string, resource: string): number | undefined {
  const value = queryParam(request, name);
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw validationFailed([{ resource, code: "invalid", field: name }]);
  return time;
}

function matchesAccount(store: HubStore, ids: readonly number[], filter: string | undefined): boolean {
  if (filter === undefined) return true;
  if (filter === "none") return ids.length === 0;
  if (filter === "*") return ids.length > 0;
  const account = store.accountByLogin(filter);
  return account !== undefined && ids.includes(account.id);
}

/** `GET /repos/{owner}/{repo}/issues`: state, labels, assignee, creator, milestone, since, sort and direction. */
export function queryIssues(store: HubStore, repository: Repository, request: FastifyRequest): Issue[] {
  const state = queryParam(request, "state") ?? "open";
  const wantedLabels = (queryParam(request, "labels") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const assignee = queryParam(request, "assignee");
  const creator = queryParam(request, "creator");
  const milestone = queryParam(request, "milestone");
  const since = timestampParam(request, "since", "Issue");

  const matches = [...repository.issues.values()].filter((issue) => {
    if (state !== "all" && issue.state !== state) return false;
    if (since !== undefined && Date.parse(issue.updatedAt) < since) return false;
    if (!matchesAccount(store, issue.assigneeIds, assignee)) return false;
    if (!matchesAccount(store, [issue.authorId], creator)) return false;
    if (milestone === "none" && issue.milestoneNumber !== null) return false;
    if (milestone === "*" && issue.milestoneNumber === null) return false;
    if (milestone !== undefined && /^\d+$/.test(milestone) && issue.milestoneNumber !== Number(milestone)) return false;
    const names = issue.labelIds.map((id) => repository.labels.get(id)?.name.toLowerCase());
    return wantedLabels.every((name) => names.includes(name));
  });
  return sortIssues(matches, queryParam(request, "sort"), queryParam(request, "direction"));
}
