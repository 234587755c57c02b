import type { schema } from "@gantry/db";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { issueFieldChanges } from "./activity.js";

type IssueRow = typeof schema.issues.$inferSelect;

const base: IssueRow = {
  id: "00000000-0000-4000-8000-000000000001",
  repositoryId: "00000000-0000-4000-8000-000000000002",
  ghId: null,
  number: 1,
  title: "Title",
  body: null,
  state: "open",
  isPullRequest: false,
  mergedAt: null,
  closedAt: null,
  htmlUrl: null,
  author: null,
  labels: [],
  assignees: [],
  requestedReviewers: [],
  milestone: null,
  issueType: null,
  estimate: null,
  parentIssueId: null,
  isEpic: false,
  createdBy: null,
  ghCreatedAt: new Date(0),
  ghUpdatedAt: new Date(0),
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const names = fc.uniqueArray(fc.constantFrom<string>("bug", "docs", "zh-urgent", "ui", "api", "perf"), {
  maxLength: 6,
});
const withLabels = (labels: string[]): IssueRow => ({ ...base, labels: labels.map((name) => ({ name, color: "" })) });

describe("issueFieldChanges", () => {
  it("records set fields member by member, so replaying the events turns the old labels into the new", () => {
    fc.assert(
      fc.property(names, names, (before, after) => {
        const changes = issueFieldChanges(withLabels(before), withLabels(after));
        const replayed = new Set(before);
        for (const change of changes) {
          expect(change.field).toBe("labels");
          if (change.to !== null) replayed.add(change.to);
          if (change.from !== null) replayed.delete(change.from);
        }
        expect([...replayed].sort()).toEqual([...after].sort());
        expect(changes.length).toBe(
          after.filter((name) => !before.includes(name)).length + before.filter((name) => !after.includes(name)).length,
        );
      }),
    );
  });

  it("says nothing for an unchanged issue, and names scalar changes from → to", () => {
    expect(issueFieldChanges(base, { ...base })).toEqual([]);
    expect(
      issueFieldChanges(base, { ...base, title: "New", state: "closed", milestone: { number: 2, title: "v2" } }),
    ).toEqual([
      { field: "title", from: "Title", to: "New" },
      { field: "state", from: "open", to: "closed" },
      { field: "milestone", from: null, to: "v2" },
    ]);
  });
});
