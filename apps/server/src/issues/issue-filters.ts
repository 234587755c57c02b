import { IdInput, idsOf } from "../board/search-input.js";
import { IssueState } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";

/** The reference's IssueStateInput: one state, as `Issue.state` reads it. */
export const IssueStateInput = builder.inputType("IssueStateInput", {
  fields: (t) => ({ eq: t.field({ type: IssueState, required: true }) }),
});

/** The reference's IssueFiltersInput, on an issue's related issues: which repositories, and which state. */
export const IssueFiltersInput = builder.inputType("IssueFiltersInput", {
  description: "`repositoryId`: Gantry repository ids (`in` keeps, `nin` drops); `state`: as `Issue.state` reads.",
  fields: (t) => ({
    repositoryId: t.field({ type: IdInput, required: false }),
    state: t.field({ type: IssueStateInput, required: false }),
  }),
});

export interface IssueFilters {
  repositoryId?: { in?: readonly (string | number)[] | null; nin?: readonly (string | number)[] | null } | null;
  state?: { eq: "OPEN" | "CLOSED" | "MERGED" } | null;
}

interface FilteredIssue {
  repositoryId: string;
  state: string;
  mergedAt: Date | null;
}

const stateOf = (issue: FilteredIssue) => (issue.mergedAt ? "MERGED" : issue.state === "closed" ? "CLOSED" : "OPEN");

/** The issues an IssueFiltersInput keeps; ids of another type are refused before anything is read. */
export function keptByIssueFilters<T>(
  items: T[],
  filters: IssueFilters | null | undefined,
  issueOf: (item: T) => FilteredIssue,
): T[] {
  if (!filters) return items;
  const kept = filters.repositoryId?.in
    ? new Set(idsOf("filters.repositoryId.in", "Repository", filters.repositoryId.in))
    : null;
  const dropped = new Set(idsOf("filters.repositoryId.nin", "Repository", filters.repositoryId?.nin) ?? []);
  const state = filters.state?.eq;
  return items.filter((item) => {
    const issue = issueOf(item);
    return (
      (!kept || kept.has(issue.repositoryId)) &&
      !dropped.has(issue.repositoryId) &&
      (!state || stateOf(issue) === state)
    );
  });
}
