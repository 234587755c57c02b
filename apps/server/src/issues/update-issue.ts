import { schema } from "@gantry/db";
import { issueBodyError, issueTitleError } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { type IssueWriteDeps, lazyClient, patchIssue } from "../board/issue-writes.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { milestoneRecordById } from "../milestones/milestone-records.js";
import { requireIssueWriter } from "./estimates.js";

const { issues, repositories } = schema;

export interface UpdateIssueInput {
  issueId: string;
  /** Left out (undefined or null) keeps the title. */
  title?: string | null;
  body?: string | null;
  /** A milestone of the issue's repository (its id, decision 0085); null clears it, undefined keeps it. */
  milestoneId?: string | null;
  /** Closes or reopens the issue with the same write (closeIssues' and reopenIssues' effect on GitHub and the board). */
  state?: "OPEN" | "CLOSED" | "MERGED" | null;
  clientMutationId?: string | null;
}

function validate(input: UpdateIssueInput) {
  if (input.title == null && input.body == null && input.state == null && input.milestoneId === undefined)
    throw new GantryError("BAD_USER_INPUT", "Give a new title, body, state or milestone.", { field: "title" });
  if (input.state === "MERGED")
    throw new GantryError("BAD_USER_INPUT", "A pull request is merged on GitHub; an issue can be closed or reopened.", {
      field: "state",
    });
  const titleError = input.title == null ? null : issueTitleError(input.title);
  if (titleError) throw new GantryError("BAD_USER_INPUT", titleError, { field: "title" });
  const bodyError = input.body == null ? null : issueBodyError(input.body);
  if (bodyError) throw new GantryError("BAD_USER_INPUT", bodyError, { field: "body" });
}

/**
 * updateIssue: a new title, body, state or milestone. A native issue is changed in Gantry; a GitHub issue on
 * GitHub first, then stored from GitHub's answer, so the latest write wins there too.
 */
export async function updateIssue(deps: IssueWriteDeps, userId: string, input: UpdateIssueInput) {
  validate(input);
  await requireIssueWriter(deps.db, userId, input.issueId);
  const [row] = await deps.db
    .select({ issue: issues, repository: repositories })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(eq(issues.id, input.issueId));
  if (!row) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const milestone = input.milestoneId ? await milestoneRecordById(deps.db, input.milestoneId) : null;
  if (input.milestoneId && milestone?.repositoryId !== row.issue.repositoryId)
    throw new GantryError("BAD_USER_INPUT", "This milestone is not one of the issue's repository.", {
      field: "milestoneId",
    });
  const changed = await patchIssue(deps, lazyClient(deps, userId), userId, row, () => ({
    ...(input.title == null ? {} : { title: input.title.trim() }),
    ...(input.body == null ? {} : { body: input.body }),
    ...(input.milestoneId === undefined ? {} : { milestone: milestone?.number ?? null }),
    ...(input.state == null ? {} : { state: input.state === "CLOSED" ? "closed" : "open" }),
  }));
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, changed), {
    actorId: userId,
    clientMutationId: input.clientMutationId ?? null,
  });
  const [issue] = await deps.db.select().from(issues).where(eq(issues.id, input.issueId));
  if (!issue) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  return issue;
}
