import { type Database, schema } from "@gantry/db";
import { type LabelModel, type LabelSuggestion, labelNamesError, loadLabelModel, suggestLabels } from "@gantry/domain";
import { and, eq, sql } from "drizzle-orm";
import { labelOptions } from "../../board/filter-options.js";
import { GantryError } from "../../graphql/errors.js";
import { requireIssueWriter } from "../../issues/estimates.js";
import type { JobQueue } from "../../jobs/background.js";
import { requireWorkspace } from "../../organizations/access.js";
import { isAiEnabledForOrganization } from "../policy.js";
import { labelNameFor, plainLabelName } from "./label-names.js";
import { labelsFingerprint, requestLabelTraining, trainWorkspaceLabelModel } from "./training.js";

const { aiLabelDismissals, aiLabelModels, issues, repositories, workspaceRepositories } = schema;

export interface SuggestedLabel extends LabelSuggestion {
  /** The label's colour as the workspace's issues carry it. */
  color: string;
}

export interface LabelSuggestionDeps {
  db: Database;
  jobs: JobQueue;
}

/** Longest draft text read: what the issue editor allows and more (GitHub's body limit is 65,536). */
const MAX_DRAFT_LENGTH = 65_536;

/**
 * The workspace's model. The first time, it is trained on the spot; afterwards the stored one
 * answers at once, and when the workspace's issues have changed since it learnt (someone labelled
 * one), a background job trains it again. Bursts of labelling cost one run.
 */
async function workspaceModel(deps: LabelSuggestionDeps, workspaceId: string): Promise<LabelModel | null> {
  const [stored] = await deps.db.select().from(aiLabelModels).where(eq(aiLabelModels.workspaceId, workspaceId));
  if (!stored) return trainWorkspaceLabelModel(deps.db, workspaceId);
  if (stored.fingerprint !== (await labelsFingerprint(deps.db, workspaceId))) {
    await requestLabelTraining(deps.jobs, workspaceId);
  }
  return stored.model as LabelModel | null;
}

async function suggest(
  deps: LabelSuggestionDeps,
  organizationId: string,
  workspaceId: string,
  target: { title: string; body: string | null; native: boolean },
  exclude: string[],
): Promise<SuggestedLabel[]> {
  // The organisation's admins switched AI off: no issue text goes through the classifier.
  if (!(await isAiEnabledForOrganization(deps.db, organizationId))) return [];
  const model = await workspaceModel(deps, workspaceId);
  if (!model) return [];
  const suggestions = suggestLabels(loadLabelModel(model), target.title, target.body, {
    exclude: exclude.map(plainLabelName),
  });
  if (!suggestions.length) return [];
  const colors = new Map<string, string>();
  for (const label of await labelOptions(deps.db, workspaceId)) {
    const name = plainLabelName(label.name);
    if (!colors.has(name)) colors.set(name, label.color);
  }
  return suggestions.map((suggestion) => ({
    ...suggestion,
    name: labelNameFor(target, suggestion.name),
    color: colors.get(suggestion.name) ?? "",
  }));
}

/**
 * suggestedLabels: labels the workspace's model would give an issue on its board, leaving out
 * those it has and those someone dismissed. Only people who may label the issue (editors) are
 * asked: a viewer could act on none of them.
 */
export async function suggestedLabelsForIssue(
  deps: LabelSuggestionDeps,
  userId: string,
  input: { workspaceId: string; issueId: string },
): Promise<SuggestedLabel[]> {
  const access = await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const [issue] = await deps.db
    .select({
      title: issues.title,
      body: issues.body,
      labels: issues.labels,
      native: sql<boolean>`${repositories.nativeWorkspaceId} is not null`,
    })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .where(and(eq(issues.id, input.issueId), eq(workspaceRepositories.workspaceId, input.workspaceId)));
  if (!issue) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const dismissed = await deps.db
    .select({ name: aiLabelDismissals.labelName })
    .from(aiLabelDismissals)
    .where(eq(aiLabelDismissals.issueId, input.issueId));
  return suggest(deps, access.organization.id, input.workspaceId, issue, [
    ...issue.labels.map((label) => label.name),
    ...dismissed.map((row) => row.name),
  ]);
}

/** suggestedLabelsForDraft: the same for an issue being written, before it exists. */
export async function suggestedLabelsForDraft(
  deps: LabelSuggestionDeps,
  userId: string,
  input: { workspaceId: string; title: string; body: string | null; labels: string[] },
): Promise<SuggestedLabel[]> {
  for (const [field, value] of [
    ["title", input.title],
    ["body", input.body ?? ""],
  ] as const) {
    if (value.length > MAX_DRAFT_LENGTH) {
      throw new GantryError("BAD_USER_INPUT", `The ${field} is too long to suggest labels for.`, { field });
    }
  }
  const access = await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  // Plain names: createIssue adds the native prefix itself when the issue is native.
  return suggest(deps, access.organization.id, input.workspaceId, { ...input, native: false }, input.labels);
}

/** dismissLabelSuggestion: this label is not suggested for this issue again, to anyone. */
export async function dismissLabelSuggestion(
  db: Database,
  userId: string,
  input: { issueId: string; labelName: string },
): Promise<void> {
  const message = labelNamesError([input.labelName]);
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "labelName" });
  const labelName = plainLabelName(input.labelName.trim()).toLowerCase();
  await requireIssueWriter(db, userId, input.issueId);
  await db
    .insert(aiLabelDismissals)
    .values({ issueId: input.issueId, labelName, dismissedBy: userId })
    .onConflictDoNothing();
}
