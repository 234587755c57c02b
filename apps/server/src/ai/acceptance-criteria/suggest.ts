import { type Database, schema } from "@gantry/db";
import {
  criteriaFromAnswer,
  issueBodyError,
  issueTitleError,
  MAX_ACCEPTANCE_CRITERIA,
  mostSimilarIssues,
  taskListItems,
  uniqueCriteria,
} from "@gantry/domain";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Config } from "../../config/config.js";
import { GantryError } from "../../graphql/errors.js";
import { requireWorkspace } from "../../organizations/access.js";
import { AiEndpointError, streamChatCompletion } from "../chat-completions.js";
import { aiPolicy } from "../policy.js";
import { acceptanceCriteriaPrompt } from "./prompt.js";

const { issues, workspaceRepositories } = schema;

type IssueRow = typeof issues.$inferSelect;

/** How many closed issues are weighed (the most recently closed), and how many are used. */
const CANDIDATES = 500;
const SIMILAR = 3;

export const AI_DISABLED_MESSAGE = "AI features are turned off for this organization.";
export const FROM_SIMILAR_MESSAGE =
  "No AI service is configured, so these criteria come from the most similar closed issues in this workspace.";
export const NOTHING_SIMILAR_MESSAGE =
  "No AI service is configured, and no similar closed issue in this workspace has acceptance criteria to draw from.";

export type CriteriaSource = "MODEL" | "SIMILAR_CLOSED_ISSUES";

/** One step of a suggestion: the criteria so far, where they come from, and whether that is all. */
export interface CriteriaSuggestion {
  source: CriteriaSource;
  criteria: string[];
  /**
   * Drawn from similar closed issues: the issue each criterion (same place) was taken from, so it is
   * shown and inserted as a quote of that issue, not as written for this one. Empty from the model.
   */
  criteriaFrom: IssueRow[];
  /** The closed issues given to the model as examples, or the criteria were drawn from. */
  similarIssues: IssueRow[];
  done: boolean;
  /** Where the criteria come from, when a person should be told (no model configured). */
  message: string | null;
  /** Why the model stopped before finishing; the criteria so far are kept. */
  failure: string | null;
}

export interface SuggestCriteriaInput {
  workspaceId: string;
  /** The issue being edited, for its labels; absent for an issue not created yet. */
  issueId: string | null;
  /** The title and description as they are in the editor now, saved or not. */
  title: string;
  body: string | null;
}

export interface SuggestCriteriaDeps {
  db: Database;
  config: Pick<Config, "ai">;
}

function validate(input: SuggestCriteriaInput) {
  const titleError = issueTitleError(input.title);
  if (titleError) throw new GantryError("BAD_USER_INPUT", titleError, { field: "title" });
  const bodyError = input.body == null ? null : issueBodyError(input.body);
  if (bodyError) throw new GantryError("BAD_USER_INPUT", bodyError, { field: "body" });
}

async function issueLabels(db: Database, workspaceId: string, issueId: string | null): Promise<string[]> {
  if (!issueId) return [];
  const [row] = await db
    .select({ labels: issues.labels })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .where(and(eq(issues.id, issueId), eq(workspaceRepositories.workspaceId, workspaceId)));
  if (!row) throw new GantryError("NOT_FOUND", "This issue is not on this workspace's board.");
  return row.labels.map((label) => label.name);
}

/** The workspace's most recently closed issues (not pull requests), other than the one being edited. */
function closedIssues(db: Database, workspaceId: string, issueId: string | null) {
  return db
    .select()
    .from(issues)
    .where(
      and(
        inArray(
          issues.repositoryId,
          db
            .select({ id: workspaceRepositories.repositoryId })
            .from(workspaceRepositories)
            .where(eq(workspaceRepositories.workspaceId, workspaceId)),
        ),
        eq(issues.state, "closed"),
        eq(issues.isPullRequest, false),
        issueId ? ne(issues.id, issueId) : undefined,
      ),
    )
    .orderBy(desc(issues.closedAt), desc(issues.id))
    .limit(CANDIDATES);
}

const similarTo = (input: SuggestCriteriaInput, candidates: IssueRow[], limit: number) =>
  mostSimilarIssues(
    { title: input.title, body: input.body },
    candidates.map((issue) => ({ item: issue, text: { title: issue.title, body: issue.body } })),
    limit,
  ).map((match) => match.item);

/** The similar issues' task items, most similar issue first, each with its issue; repeats kept once. */
function criteriaWithTheirIssues(similar: IssueRow[]): { criterion: string; issue: IssueRow }[] {
  const drawn: { criterion: string; issue: IssueRow }[] = [];
  for (const issue of similar) {
    for (const criterion of taskListItems(issue.body ?? "")) {
      const kept = drawn.map((each) => each.criterion);
      if (uniqueCriteria([...kept, criterion]).length > kept.length) drawn.push({ criterion, issue });
    }
  }
  return drawn.slice(0, MAX_ACCEPTANCE_CRITERIA);
}

/**
 * Acceptance criteria for an issue being written, as a stream of steps. With a model configured
 * (and AI on for the organisation), the model is asked with the issue and similar closed issues
 * and its answer streams in; a failure ends the stream with a message and what came so far.
 * Without one, nothing leaves this server: the criteria are drawn from the most similar closed
 * issues' task lists. Only editors of the workspace may ask, since the result goes into an issue.
 */
export async function suggestAcceptanceCriteria(
  deps: SuggestCriteriaDeps,
  userId: string,
  input: SuggestCriteriaInput,
  signal?: AbortSignal,
): Promise<AsyncGenerator<CriteriaSuggestion>> {
  validate(input);
  const { organization } = await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const labels = await issueLabels(deps.db, input.workspaceId, input.issueId);
  const policy = await aiPolicy(deps.db, deps.config, organization.id);
  if (!policy.enabled) throw new GantryError("FORBIDDEN", AI_DISABLED_MESSAGE, { reason: "AI_DISABLED" });
  const candidates = await closedIssues(deps.db, input.workspaceId, input.issueId);
  const endpoint = policy.endpoint;

  if (!endpoint) {
    const withCriteria = candidates.filter((issue) => taskListItems(issue.body ?? "").length > 0);
    const similar = similarTo(input, withCriteria, SIMILAR);
    const drawn = criteriaWithTheirIssues(similar);
    const criteria = drawn.map(({ criterion }) => criterion);
    const step: CriteriaSuggestion = {
      source: "SIMILAR_CLOSED_ISSUES",
      criteria,
      criteriaFrom: drawn.map(({ issue }) => issue),
      similarIssues: similar,
      done: true,
      message: criteria.length ? FROM_SIMILAR_MESSAGE : NOTHING_SIMILAR_MESSAGE,
      failure: null,
    };
    return (async function* () {
      yield step;
    })();
  }

  const similar = similarTo(input, candidates, SIMILAR);
  const messages = acceptanceCriteriaPrompt({ title: input.title, body: input.body, labels }, similar);
  const step = (criteria: string[], done: boolean, failure: string | null = null): CriteriaSuggestion => ({
    source: "MODEL",
    criteria,
    criteriaFrom: [],
    similarIssues: similar,
    done,
    message: null,
    failure,
  });
  return (async function* () {
    yield step([], false);
    let answer = "";
    try {
      for await (const piece of streamChatCompletion(endpoint, messages, signal ? { signal } : {})) {
        answer += piece;
        yield step(criteriaFromAnswer(answer), false);
      }
    } catch (error) {
      if (!(error instanceof AiEndpointError)) throw error;
      yield step(criteriaFromAnswer(answer), true, error.message);
      return;
    }
    const criteria = criteriaFromAnswer(answer);
    yield step(criteria, true, criteria.length ? null : "The AI service answered with no criteria. Try again.");
  })();
}
