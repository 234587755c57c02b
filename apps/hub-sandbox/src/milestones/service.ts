import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import type { Site } from "../http/site.js";
import type { Account, IssueState, Milestone, Repository } from "../store/records.js";
import { milestoneWire } from "./wire.js";

export interface MilestoneChanges {
  title?: string;
  description?: string | null;
  dueOn?: string | null;
  state?: IssueState;
}

function emitMilestoneEvent(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  action: string,
  milestone: Milestone,
  extra: Record<string, unknown> = {},
) {
  context.webhooks.emit(site, repository, sender, "milestone", {
    action,
    milestone: milestoneWire(site, context.store, repository, milestone),
    ...extra,
  });
}

function checkTitleFree(repository: Repository, title: string, except?: Milestone): void {
  const clash = [...repository.milestones.values()].find((milestone) => milestone.title === title);
  if (clash && clash !== except)
    throw validationFailed([{ resource: "Milestone", code: "already_exists", field: "title" }]);
}

function checkDueOn(dueOn: string | null | undefined): void {
  if (typeof dueOn === "string" && Number.isNaN(Date.parse(dueOn))) {
    throw validationFailed([{ resource: "Milestone", code: "invalid", field: "due_on" }]);
  }
}

export function findMilestone(repository: Repository, number: number): Milestone {
  const milestone = repository.milestones.get(number);
  if (!milestone) throw notFound();
  return milestone;
}

export function createMilestone(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  input: { title: string; description?: string | null; dueOn?: string | null; state?: IssueState },
): Milestone {
  checkTitleFree(repository, input.title);
  checkDueOn(input.dueOn);
  const milestone = context.store.createMilestone(repository, { ...input, creatorId: sender.id });
  emitMilestoneEvent(context, site, repository, sender, "created", milestone);
  return milestone;
}

export function updateMilestone(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  milestone: Milestone,
  changes: MilestoneChanges,
): void {
  if (changes.title !== undefined) checkTitleFree(repository, changes.title, milestone);
  checkDueOn(changes.dueOn);
  const now = context.store.timestamp();
  const from: Record<string, { from: string | null }> = {};
  if (changes.title !== undefined && changes.title !== milestone.title) {
    from.title = { from: milestone.title };
    milestone.title = changes.title;
  }
  if (changes.description !== undefined && changes.description !== milestone.description) {
    from.description = { from: milestone.description };
    milestone.description = changes.description;
  }
  if (changes.dueOn !== undefined && changes.dueOn !== milestone.dueOn) {
    from.due_on = { from: milestone.dueOn };
    milestone.dueOn = changes.dueOn;
  }
  const stateChanged = changes.state !== undefined && changes.state !== milestone.state;
  if (Object.keys(from).length > 0 || stateChanged) milestone.updatedAt = now;
  if (Object.keys(from).length > 0)
    emitMilestoneEvent(context, site, repository, sender, "edited", milestone, { changes: from });
  if (stateChanged && changes.state !== undefined) {
    milestone.state = changes.state;
    milestone.closedAt = changes.state === "closed" ? now : null;
    emitMilestoneEvent(context, site, repository, sender, changes.state === "closed" ? "closed" : "opened", milestone);
  }
}

export function deleteMilestone(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  milestone: Milestone,
): void {
  repository.milestones.delete(milestone.number);
  for (const issue of repository.issues.values()) {
    if (issue.milestoneNumber === milestone.number) issue.milestoneNumber = null;
  }
  emitMilestoneEvent(context, site, repository, sender, "deleted", milestone);
}
