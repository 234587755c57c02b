/** The sandbox's data, kept as GitHub models it: users and organisations are both accounts. */

export type AccountType = "User" | "Organization";

export interface Account {
  id: number;
  login: string;
  type: AccountType;
  name: string | null;
  email: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export type MembershipRole = "admin" | "member";

export interface Repository {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  private: boolean;
  /** Archived: read-only on GitHub. */
  archived: boolean;
  defaultBranch: string;
  createdAt: string;
  updatedAt: string;
  pushedAt: string;
  /** Issues and pull requests share one number sequence, as on GitHub. */
  nextIssueNumber: number;
  nextMilestoneNumber: number;
  collaboratorIds: Set<number>;
  issues: Map<number, Issue>;
  labels: Map<number, Label>;
  milestones: Map<number, Milestone>;
  comments: Map<number, IssueComment>;
  hooks: Map<number, Hook>;
}

export interface PullRequestDetails {
  id: number;
  headRef: string;
  baseRef: string;
  headSha: string;
  draft: boolean;
  mergedAt: string | null;
  mergedById: number | null;
  /** Accounts asked for a review that have not answered yet, in the order they were asked. */
  requestedReviewerIds: number[];
}

export type IssueState = "open" | "closed";
export type StateReason = "completed" | "reopened" | "not_planned" | "duplicate";

export interface Issue {
  id: number;
  number: number;
  repositoryId: number;
  title: string;
  body: string | null;
  state: IssueState;
  stateReason: StateReason | null;
  authorId: number;
  assigneeIds: number[];
  labelIds: number[];
  milestoneNumber: number | null;
  locked: boolean;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  closedById: number | null;
  /** Present when the issue is a pull request. */
  pullRequest: PullRequestDetails | null;
  /** The issue this one is a sub-issue of (its GitHub id), and its own sub-issues in their order. */
  parentId: number | null;
  subIssueIds: number[];
  /** The issues (GitHub ids) blocking this one, and those it blocks. */
  blockedByIds: number[];
  blockingIds: number[];
  /** The organisation's issue type (its id), when one is set. */
  typeId: number | null;
}

/** An organisation's issue type (GitHub's `issue-type`). */
export interface IssueType {
  id: number;
  name: string;
  description: string | null;
  color: "gray" | "blue" | "green" | "yellow" | "orange" | "red" | "pink" | "purple" | null;
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Label {
  id: number;
  name: string;
  color: string;
  description: string | null;
  isDefault: boolean;
}

export interface Milestone {
  id: number;
  number: number;
  title: string;
  description: string | null;
  state: IssueState;
  dueOn: string | null;
  creatorId: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface IssueComment {
  id: number;
  issueNumber: number;
  authorId: number;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export interface HookConfig {
  url: string;
  contentType: "json" | "form";
  secret: string | null;
  insecureSsl: "0" | "1";
}

export interface HookResponse {
  code: number | null;
  status: string;
  message: string | null;
}

export interface Hook {
  id: number;
  repositoryId: number;
  events: string[];
  active: boolean;
  config: HookConfig;
  createdAt: string;
  updatedAt: string;
  lastResponse: HookResponse;
  deliveries: Delivery[];
}

export interface Delivery {
  id: number;
  guid: string;
  hookId: number;
  repositoryId: number;
  event: string;
  action: string | null;
  deliveredAt: string;
  redelivery: boolean;
  /** Seconds, as GitHub reports it. */
  duration: number;
  statusCode: number;
  status: string;
  requestHeaders: Record<string, string>;
  /** The JSON payload sent, before any form encoding. */
  payload: string;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
}

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** When set, a redirect_uri must start with it, as GitHub requires. */
  callbackUrl?: string;
}
