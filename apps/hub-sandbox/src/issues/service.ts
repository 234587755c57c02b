import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import type { Site } from "../http/site.js";
import { createLabel } from "../labels/service.js";
import { labelWire } from "../labels/wire.js";
import { milestoneWire } from "../milestones/wire.js";
import { assignableUsers } from "../repos/access.js";
import type { Account, Issue, IssueState, PullRequestDetails, Repository, StateReason } from "../store/records.js";
import { simpleUser } from "../users/wire.js";
import { emitIssueEvent } from "./events.js";
import { issueTypeWire, typeIdNamed } from "./issue-types.js";

export interface IssueChanges {
  title?: string;
  body?: string | null;
  state?: IssueState;
  stateReason?: StateReason | null;
  /** Logins; the whole new set. */
  assignees?: string[];
  /** Names; the whole new set. Unknown names become new labels, as on GitHub. */
  labels?: string[];
  milestone?: number | null;
  /** An issue type's name; null clears it. */
  type?: string | null;
}

export function findIssue(repository: Repository, number: number): Issue {
  const issue = Number.isInteger(number) ? repository.issues.get(number) : undefined;
  if (!issue) throw notFound();
  return issue;
}

function assigneeIds(context: SandboxContext, repository: Repository, logins: readonly string[]): number[] {
  const assignable = assignableUsers(context.store, repository);
  return [...new Set(logins)].map((login) => {
    const account = assignable.find((candidate) => candidate.login.toLowerCase() === login.toLowerCase());
    if (!account)
      throw validationFailed([
        { resource: "Issue", code: "invalid", field: "assignees", message: `${login} cannot be assigned` },
      ]);
    return account.id;
  });
}

function checkMilestone(repository: Repository, number: number | null | undefined): void {
  if (typeof number === "number" && !repository.milestones.has(number)) {
    throw validationFailed([{ resource: "Issue", code: "invalid", field: "milestone" }]);
  }
}

function labelIds(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  names: readonly string[],
): number[] {
  return [...new Set(names)].map(
    (name) =>
      (context.store.labelByName(repository, name) ?? createLabel(context, site, repository, sender, { name })).id,
  );
}

/** Opens an issue, or a pull request when `pullRequest` is given, and announces it. */
export function openIssue(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  author: Account,
  input: Pick<IssueChanges, "assignees" | "labels" | "milestone" | "type"> & {
    title: string;
    body?: string | null;
    pullRequest?: Pick<PullRequestDetails, "headRef" | "baseRef" | "draft">;
  },
): Issue {
  checkMilestone(repository, input.milestone);
  const typeId = input.type ? typeIdNamed(context.store, repository, input.type) : null;
  const assignees = assigneeIds(context, repository, input.assignees ?? []);
  const labels = labelIds(context, site, repository, author, input.labels ?? []);
  const issue = context.store.createIssue(repository, {
    title: input.title,
    body: input.body,
    authorId: author.id,
    assigneeIds: assignees,
    labelIds: labels,
    milestoneNumber: input.milestone ?? null,
    pullRequest: input.pullRequest,
  });
  issue.typeId = typeId;
  emitIssueEvent(context, site, repository, issue, author, "opened");
  return issue;
}

/** Applies changes and sends one event per change, in the order GitHub does. Inputs are checked before anything is written. */
export function updateIssue(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  issue: Issue,
  sender: Account,
  changes: IssueChanges,
): void {
  const { store } = context;
  checkMilestone(repository, changes.milestone);
  const newType = changes.type === undefined ? undefined : typeIdNamed(store, repository, changes.type);
  const newAssignees = changes.assignees && assigneeIds(context, repository, changes.assignees);
  const newLabels = changes.labels && labelIds(context, site, repository, sender, changes.labels);
  const events: [string, Record<string, unknown>][] = [];

  const edited: Record<string, { from: string | null }> = {};
  if (changes.title !== undefined && changes.title !== issue.title) {
    edited.title = { from: issue.title };
    issue.title = changes.title;
  }
  if (changes.body !== undefined && changes.body !== issue.body) {
    edited.body = { from: issue.body };
    issue.body = changes.body;
  }
  if (Object.keys(edited).length > 0) events.push(["edited", { changes: edited }]);

  if (newAssignees) {
    for (const id of issue.assigneeIds.filter((id) => !newAssignees.includes(id))) {
      events.push(["unassigned", { assignee: simpleUser(site, store.account(id)) }]);
    }
    for (const id of newAssignees.filter((id) => !issue.assigneeIds.includes(id))) {
      events.push(["assigned", { assignee: simpleUser(site, store.account(id)) }]);
    }
    issue.assigneeIds = newAssignees;
  }
  if (newLabels) {
    const labelPayload = (id: number) => {
      const label = repository.labels.get(id);
      return label ? { label: labelWire(site, store, repository, label) } : {};
    };
    for (const id of issue.labelIds.filter((id) => !newLabels.includes(id)))
      events.push(["unlabeled", labelPayload(id)]);
    for (const id of newLabels.filter((id) => !issue.labelIds.includes(id))) events.push(["labeled", labelPayload(id)]);
    issue.labelIds = newLabels;
  }
  if (changes.milestone !== undefined && changes.milestone !== issue.milestoneNumber) {
    const milestonePayload = (number: number) => {
      const milestone = repository.milestones.get(number);
      return milestone ? { milestone: milestoneWire(site, store, repository, milestone) } : {};
    };
    if (issue.milestoneNumber !== null) events.push(["demilestoned", milestonePayload(issue.milestoneNumber)]);
    issue.milestoneNumber = changes.milestone;
    if (changes.milestone !== null) events.push(["milestoned", milestonePayload(changes.milestone)]);
  }
  if (newType !== undefined && newType !== issue.typeId) {
    const types = store.issueTypesOf(store.account(repository.ownerId));
    const typePayload = (id: number) => {
      const type = types.find((candidate) => candidate.id === id);
      return type ? { type: issueTypeWire(type) } : {};
    };
    // GitHub announces the type taken off, then the one put on.
    if (issue.typeId !== null) events.push(["untyped", typePayload(issue.typeId)]);
    issue.typeId = newType;
    if (newType !== null) events.push(["typed", typePayload(newType)]);
  }
  if (changes.state !== undefined && changes.state !== issue.state) {
    issue.state = changes.state;
    if (changes.state === "closed") {
      issue.closedAt = store.timestamp();
      issue.closedById = sender.id;
      issue.stateReason = changes.stateReason ?? "completed";
      events.push(["closed", {}]);
    } else {
      issue.closedAt = null;
      issue.closedById = null;
      issue.stateReason = "reopened";
      events.push(["reopened", {}]);
    }
  } else if (changes.stateReason !== undefined && issue.state === "closed" && changes.stateReason !== null) {
    issue.stateReason = changes.stateReason;
  }

  if (events.length === 0) return;
  issue.updatedAt = store.timestamp();
  for (const [action, extra] of events) emitIssueEvent(context, site, repository, issue, sender, action, extra);
}
