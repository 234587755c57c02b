/**
 * The stand-in's store: plain records shaped like what ZenHub's public API answers about, keyed
 * by the same opaque node ids it hands out (`gid://raptor/<Type>/<n>`, base64, as ZenHub's are).
 */
export type OpenClosed = "OPEN" | "CLOSED";

export interface ZhRepository {
  id: string;
  ghId: number;
  name: string;
  ownerName: string;
  /** ZenhubRepository: the workspace's own repository, holding ZenHub-native issues. */
  type: "GithubRepository" | "ZenhubRepository";
  estimateValues: number[];
}

export interface ZhIssue {
  id: string;
  repositoryId: string;
  number: number;
  ghId: number | null;
  title: string;
  body: string;
  state: OpenClosed;
  pullRequest: boolean;
  estimate: number | null;
  /** Open issues sit in a pipeline, in `position` order; closed ones in the Closed pipeline. */
  pipelineId: string | null;
  position: number;
  priorityId: string | null;
  parentIssueId: string | null;
  /** Pull requests connected to this issue. */
  connectedPrIds: string[];
  /** ZenHub's own labels on the issue (ZhLabel ids of its workspace). */
  zenhubLabelIds: string[];
  createdAt: string;
}

/** A ZenHub account (ZenhubUser), with the GitHub login it signed in with, if any. */
export interface ZhUser {
  id: string;
  name: string;
  email: string;
  githubLogin: string | null;
}

/** A ZenHub label: ZenHub's own, for ZenHub epics and issues, not a GitHub label. */
export interface ZhLabel {
  id: string;
  name: string;
  color: string;
  description: string | null;
}

export interface ZhPipeline {
  id: string;
  name: string;
  description: string | null;
  stage: "BACKLOG" | "SPRINT_BACKLOG" | "DEVELOPMENT" | "REVIEW" | "COMPLETED" | null;
}

export interface ZhPriority {
  id: string;
  name: string;
  color: string;
}

export interface ZhZenhubEpic {
  id: string;
  title: string;
  body: string;
  state: "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";
  startOn: string | null;
  endOn: string | null;
  issueIds: string[];
  assigneeIds: string[];
  labelIds: string[];
}

/** A GitHub issue used as an epic. */
export interface ZhEpic {
  id: string;
  issueId: string;
  childIssueIds: string[];
}

export interface ZhSprint {
  id: string;
  name: string;
  description: string;
  startAt: string;
  endAt: string;
  state: OpenClosed;
  issueIds: string[];
}

export interface ZhSprintConfig {
  id: string;
  name: string;
  /** Weeks. */
  period: number;
  tzIdentifier: string;
  startDay: string;
  endDay: string;
  moveUnfinishedIssues: boolean;
  issuesFromPipelineId: string | null;
  totalStoryPoints: number | null;
}

export interface ZhRelease {
  id: string;
  title: string;
  description: string;
  startOn: string | null;
  endOn: string | null;
  state: OpenClosed;
  issueIds: string[];
  /** The repositories the release is for. */
  repositoryIds: string[];
}

export interface ZhDependency {
  id: string;
  blockingIssueId: string;
  blockedIssueId: string;
}

export interface ZhWorkspace {
  id: string;
  name: string;
  organizationId: string;
  /** API keys that may read this workspace. */
  readers: Set<string>;
  repositoryIds: string[];
  pipelines: ZhPipeline[];
  priorities: ZhPriority[];
  labels: ZhLabel[];
  zenhubEpics: ZhZenhubEpic[];
  epics: ZhEpic[];
  sprintConfig: ZhSprintConfig | null;
  sprints: ZhSprint[];
  releases: ZhRelease[];
  dependencies: ZhDependency[];
}

export interface ZhOrganization {
  id: string;
  name: string;
}

export class ZenhubStore {
  readonly organizations = new Map<string, ZhOrganization>();
  readonly workspaces = new Map<string, ZhWorkspace>();
  readonly repositories = new Map<string, ZhRepository>();
  readonly issues = new Map<string, ZhIssue>();
  readonly users = new Map<string, ZhUser>();
  /** API key → the person's name. */
  readonly keys = new Map<string, string>();
  #sequence = 0;

  nodeId(type: string): string {
    return Buffer.from(`gid://raptor/${type}/${++this.#sequence}`).toString("base64");
  }

  workspacesFor(key: string): ZhWorkspace[] {
    return [...this.workspaces.values()].filter((workspace) => workspace.readers.has(key));
  }

  /** Issues of the workspace's repositories. */
  workspaceIssues(workspace: ZhWorkspace): ZhIssue[] {
    const repositories = new Set(workspace.repositoryIds);
    return [...this.issues.values()].filter((issue) => repositories.has(issue.repositoryId));
  }

  /** A pipeline's open issues in board order. */
  pipelineIssues(workspace: ZhWorkspace, pipelineId: string): ZhIssue[] {
    return this.workspaceIssues(workspace)
      .filter((issue) => issue.state === "OPEN" && issue.pipelineId === pipelineId)
      .sort((a, b) => a.position - b.position);
  }

  workspaceOfPipeline(pipelineId: string): ZhWorkspace | undefined {
    return [...this.workspaces.values()].find((workspace) => workspace.pipelines.some((p) => p.id === pipelineId));
  }
}
