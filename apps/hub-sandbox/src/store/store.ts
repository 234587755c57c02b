import { randomBytes } from "node:crypto";
import type {
  Account,
  AccountType,
  Hook,
  HookConfig,
  Issue,
  IssueComment,
  IssueState,
  IssueType,
  Label,
  MembershipRole,
  Milestone,
  PullRequestDetails,
  Repository,
} from "./records.js";

export type Clock = () => Date;

/** GitHub timestamps have whole seconds. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export interface NewIssue {
  title: string;
  body?: string | null;
  authorId: number;
  assigneeIds?: number[];
  labelIds?: number[];
  milestoneNumber?: number | null;
  state?: IssueState;
  pullRequest?: Omit<PullRequestDetails, "id" | "headSha" | "mergedAt" | "mergedById" | "requestedReviewerIds"> & {
    mergedAt?: string | null;
    requestedReviewerIds?: number[];
  };
}

/**
 * The in-memory code host. Every insert goes through here, from HTTP routes and from seeds
 * alike, so ids, numbers and timestamps follow one set of rules.
 */
export class HubStore {
  readonly accounts = new Map<number, Account>();
  readonly repositories = new Map<number, Repository>();
  private readonly accountIdsByLogin = new Map<string, number>();
  private readonly repositoryIdsByFullName = new Map<string, number>();
  private readonly memberships = new Map<number, Map<number, MembershipRole>>();
  private readonly tokens = new Map<string, { accountId: number; scopes: string[] }>();
  private nextId = 1;
  private readonly issueTypes = new Map<number, IssueType[]>();

  constructor(readonly clock: Clock = () => new Date()) {}

  timestamp(): string {
    return isoSeconds(this.clock());
  }

  private newId(): number {
    return this.nextId++;
  }

  createAccount(input: {
    login: string;
    type: AccountType;
    name?: string;
    email?: string;
    description?: string;
  }): Account {
    if (this.accountByLogin(input.login)) throw new Error(`login ${input.login} is taken`);
    const now = this.timestamp();
    const account: Account = {
      id: this.newId(),
      login: input.login,
      type: input.type,
      name: input.name ?? null,
      email: input.email ?? null,
      description: input.description ?? null,
      createdAt: now,
      updatedAt: now,
    };
    this.accounts.set(account.id, account);
    this.accountIdsByLogin.set(account.login.toLowerCase(), account.id);
    return account;
  }

  accountByLogin(login: string): Account | undefined {
    const id = this.accountIdsByLogin.get(login.toLowerCase());
    return id === undefined ? undefined : this.accounts.get(id);
  }

  findAccount(id: number): Account | undefined {
    return this.accounts.get(id);
  }

  account(id: number): Account {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`no account ${id}`);
    return account;
  }

  users(): Account[] {
    return [...this.accounts.values()].filter((account) => account.type === "User");
  }

  addMember(organization: Account, user: Account, role: MembershipRole = "member"): void {
    const members = this.memberships.get(organization.id) ?? new Map<number, MembershipRole>();
    members.set(user.id, role);
    this.memberships.set(organization.id, members);
  }

  organizationsOf(user: Account): Account[] {
    return [...this.memberships.entries()]
      .filter(([, members]) => members.has(user.id))
      .map(([organizationId]) => this.account(organizationId));
  }

  memberIds(organization: Account): number[] {
    return [...(this.memberships.get(organization.id)?.keys() ?? [])];
  }

  isMember(organization: Account, user: Account): boolean {
    return this.roleIn(organization, user) !== undefined;
  }

  roleIn(organization: Account, user: Account): MembershipRole | undefined {
    return this.memberships.get(organization.id)?.get(user.id);
  }

  /** A token acting as `user`; `scopes` are only reported back (`X-OAuth-Scopes`), as the sandbox enforces none. */
  issueToken(user: Account, scopes: readonly string[] = ["repo", "user"]): string {
    const token = `gho_${randomBytes(18).toString("base64url")}`;
    this.tokens.set(token, { accountId: user.id, scopes: [...scopes] });
    return token;
  }

  grantFor(token: string): { account: Account; scopes: string[] } | undefined {
    const grant = this.tokens.get(token);
    const account = grant && this.accounts.get(grant.accountId);
    return grant && account ? { account, scopes: grant.scopes } : undefined;
  }

  createRepository(input: {
    owner: Account;
    name: string;
    description?: string | null;
    private?: boolean;
  }): Repository {
    const now = this.timestamp();
    const repository: Repository = {
      id: this.newId(),
      ownerId: input.owner.id,
      name: input.name,
      description: input.description ?? null,
      private: input.private ?? false,
      archived: false,
      defaultBranch: "main",
      createdAt: now,
      updatedAt: now,
      pushedAt: now,
      nextIssueNumber: 1,
      nextMilestoneNumber: 1,
      collaboratorIds: new Set(),
      issues: new Map(),
      labels: new Map(),
      milestones: new Map(),
      comments: new Map(),
      hooks: new Map(),
    };
    this.repositories.set(repository.id, repository);
    this.repositoryIdsByFullName.set(this.fullName(repository).toLowerCase(), repository.id);
    return repository;
  }

  /** An issue or pull request by its GitHub id, with its repository. */
  issueById(id: number): { repository: Repository; issue: Issue } | undefined {
    for (const repository of this.repositories.values()) {
      for (const issue of repository.issues.values()) if (issue.id === id) return { repository, issue };
    }
    return undefined;
  }

  /** An organisation's issue types: GitHub's three defaults until changed (users have none). */
  issueTypesOf(owner: Account): IssueType[] {
    if (owner.type !== "Organization") return [];
    let types = this.issueTypes.get(owner.id);
    if (!types) {
      const now = this.timestamp();
      const defaults = [
        ["Task", "A specific piece of work", "yellow"],
        ["Bug", "An unexpected problem or behavior", "red"],
        ["Feature", "A request, idea, or new functionality", "blue"],
      ] as const;
      types = defaults.map(([name, description, color]) => ({
        id: this.newId(),
        name,
        description,
        color,
        isEnabled: true,
        createdAt: now,
        updatedAt: now,
      }));
      this.issueTypes.set(owner.id, types);
    }
    return types;
  }

  deleteRepository(repository: Repository): void {
    this.repositoryIdsByFullName.delete(this.fullName(repository).toLowerCase());
    this.repositories.delete(repository.id);
  }

  renameRepository(repository: Repository, name: string): void {
    this.repositoryIdsByFullName.delete(this.fullName(repository).toLowerCase());
    repository.name = name;
    this.repositoryIdsByFullName.set(this.fullName(repository).toLowerCase(), repository.id);
  }

  fullName(repository: Repository): string {
    return `${this.account(repository.ownerId).login}/${repository.name}`;
  }

  repository(owner: string, name: string): Repository | undefined {
    const id = this.repositoryIdsByFullName.get(`${owner}/${name}`.toLowerCase());
    return id === undefined ? undefined : this.repositories.get(id);
  }

  repositoriesOwnedBy(owner: Account): Repository[] {
    return [...this.repositories.values()].filter((repository) => repository.ownerId === owner.id);
  }

  createLabel(repository: Repository, input: { name: string; color?: string; description?: string | null }): Label {
    const label: Label = {
      id: this.newId(),
      name: input.name,
      color: input.color ?? "ededed",
      description: input.description ?? null,
      isDefault: false,
    };
    repository.labels.set(label.id, label);
    return label;
  }

  labelByName(repository: Repository, name: string): Label | undefined {
    const wanted = name.toLowerCase();
    return [...repository.labels.values()].find((label) => label.name.toLowerCase() === wanted);
  }

  createMilestone(
    repository: Repository,
    input: { title: string; creatorId: number; description?: string | null; dueOn?: string | null; state?: IssueState },
  ): Milestone {
    const now = this.timestamp();
    const state = input.state ?? "open";
    const milestone: Milestone = {
      id: this.newId(),
      number: repository.nextMilestoneNumber++,
      title: input.title,
      description: input.description ?? null,
      state,
      dueOn: input.dueOn ?? null,
      creatorId: input.creatorId,
      createdAt: now,
      updatedAt: now,
      closedAt: state === "closed" ? now : null,
    };
    repository.milestones.set(milestone.number, milestone);
    return milestone;
  }

  createIssue(repository: Repository, input: NewIssue): Issue {
    const now = this.timestamp();
    const state = input.state ?? "open";
    const number = repository.nextIssueNumber++;
    const pull = input.pullRequest;
    const issue: Issue = {
      id: this.newId(),
      number,
      repositoryId: repository.id,
      title: input.title,
      body: input.body ?? null,
      state,
      stateReason: state === "closed" ? "completed" : null,
      authorId: input.authorId,
      assigneeIds: input.assigneeIds ?? [],
      labelIds: input.labelIds ?? [],
      milestoneNumber: input.milestoneNumber ?? null,
      locked: false,
      commentCount: 0,
      createdAt: now,
      updatedAt: now,
      closedAt: state === "closed" ? now : null,
      closedById: state === "closed" ? input.authorId : null,
      pullRequest: pull
        ? {
            id: this.newId(),
            headRef: pull.headRef,
            baseRef: pull.baseRef,
            draft: pull.draft,
            headSha: randomBytes(20).toString("hex"),
            mergedAt: pull.mergedAt ?? null,
            mergedById: pull.mergedAt ? input.authorId : null,
            requestedReviewerIds: pull.requestedReviewerIds ?? [],
          }
        : null,
      parentId: null,
      subIssueIds: [],
      blockedByIds: [],
      blockingIds: [],
      typeId: null,
    };
    repository.issues.set(number, issue);
    return issue;
  }

  createComment(repository: Repository, issue: Issue, input: { authorId: number; body: string }): IssueComment {
    const now = this.timestamp();
    const comment: IssueComment = {
      id: this.newId(),
      issueNumber: issue.number,
      authorId: input.authorId,
      body: input.body,
      createdAt: now,
      updatedAt: now,
    };
    repository.comments.set(comment.id, comment);
    issue.commentCount += 1;
    return comment;
  }

  createHook(repository: Repository, input: { events: string[]; active: boolean; config: HookConfig }): Hook {
    const now = this.timestamp();
    const hook: Hook = {
      id: this.newId(),
      repositoryId: repository.id,
      events: input.events,
      active: input.active,
      config: input.config,
      createdAt: now,
      updatedAt: now,
      lastResponse: { code: null, status: "unused", message: null },
      deliveries: [],
    };
    repository.hooks.set(hook.id, hook);
    return hook;
  }

  newDeliveryId(): number {
    return this.newId();
  }
}
