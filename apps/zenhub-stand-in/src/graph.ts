import { GraphQLError } from "graphql";
import type { ZenhubStore, ZhIssue, ZhLabel, ZhPipeline, ZhRepository, ZhUser, ZhWorkspace } from "./data.js";

/**
 * The objects the reference schema's fields resolve against. graphql-js's default resolver reads a
 * property, or calls it with the field's arguments, so each view is a plain object of values and
 * functions; interfaces resolve through `__typename`. Only what the import reads (and what a
 * typical client asks around it) answers; any other field of the schema resolves to null.
 */
export interface Request {
  store: ZenhubStore;
  key: string;
}

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

const MAX_PAGE = 100;
const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString("base64");

function indexOf(cursor: string): number {
  const index = Number(Buffer.from(cursor, "base64").toString().split(":")[1]);
  if (!Number.isInteger(index) || index < 0) throw new GraphQLError("Invalid cursor");
  return index;
}

/** A Relay connection over a list, ZenHub's way: at most 100 a page, opaque cursors. */
export function connection<T>(items: T[], args: PageArgs) {
  const first = args.first ?? 20;
  if (first < 0 || first > MAX_PAGE) throw new GraphQLError(`first must be between 0 and ${MAX_PAGE}`);
  const start = args.after ? indexOf(args.after) + 1 : 0;
  const page = items.slice(start, start + first);
  return {
    totalCount: items.length,
    nodes: page,
    edges: page.map((node, offset) => ({ node, cursor: cursorOf(start + offset) })),
    pageInfo: {
      hasNextPage: start + page.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursorOf(start) : null,
      endCursor: page.length > 0 ? cursorOf(start + page.length - 1) : null,
    },
  };
}

const STAMPS = { createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z" };

function repositoryView(repository: ZhRepository) {
  return {
    __typename: "Repository",
    ...STAMPS,
    id: repository.id,
    ghId: repository.ghId,
    name: repository.name,
    ownerName: repository.ownerName,
    type: repository.type,
    isArchived: false,
    isPrivate: false,
    estimateSet: { values: repository.estimateValues },
  };
}

function userView(user: ZhUser) {
  return {
    __typename: "ZenhubUser",
    ...STAMPS,
    id: user.id,
    name: user.name,
    email: user.email,
    externalOnly: false,
    githubUser: user.githubLogin
      ? { __typename: "User", id: `user:${user.githubLogin}`, login: user.githubLogin, avatarUrl: "" }
      : null,
  };
}

/** A ZenHub label, as `ZenhubLabel` (an issue's) or as `Label` (a ZenHub epic's labels list). */
function labelView(label: ZhLabel, typename: "ZenhubLabel" | "Label") {
  return { __typename: typename, ...STAMPS, ...label };
}

function labelsOf(request: Request, ids: string[]): ZhLabel[] {
  const labels = [...request.store.workspaces.values()].flatMap((workspace) => workspace.labels);
  return ids.flatMap((id) => labels.filter((label) => label.id === id));
}

function pipelineView(pipeline: ZhPipeline) {
  return { __typename: "Pipeline", ...STAMPS, ...pipeline, isDefaultPRPipeline: false, isEpicPipeline: false };
}

function issueView(request: Request, issue: ZhIssue) {
  const { store } = request;
  const repository = store.repositories.get(issue.repositoryId);
  if (!repository) throw new Error(`issue ${issue.id} has no repository`);
  const issues = (ids: string[], args: PageArgs) =>
    connection(
      ids.flatMap((id) => {
        const found = store.issues.get(id);
        return found ? [issueView(request, found)] : [];
      }),
      args,
    );
  return {
    __typename: "Issue",
    ...STAMPS,
    id: issue.id,
    number: issue.number,
    ghId: issue.ghId,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    pullRequest: issue.pullRequest,
    ghCreatedAt: issue.createdAt,
    ghUpdatedAt: issue.createdAt,
    htmlUrl:
      repository.type === "ZenhubRepository"
        ? `https://app.zenhub.com/issues/${issue.number}`
        : `https://github.com/${repository.ownerName}/${repository.name}/issues/${issue.number}`,
    type: repository.type === "ZenhubRepository" ? "ZenhubIssue" : "GithubIssue",
    repository: repositoryView(repository),
    estimate: issue.estimate === null ? null : { ...STAMPS, id: `${issue.id}:estimate`, value: issue.estimate },
    pipelineIssue: ({ workspaceId }: { workspaceId: string }) => {
      const workspace = store.workspaces.get(workspaceId);
      const pipeline = workspace?.pipelines.find((candidate) => candidate.id === issue.pipelineId);
      if (!workspace?.readers.has(request.key)) return null;
      return {
        id: `${issue.id}:${workspaceId}`,
        relativePosition: issue.position,
        pipeline: pipeline ? pipelineView(pipeline) : null,
        priority: priorityView(workspace.priorities.find((candidate) => candidate.id === issue.priorityId)),
      };
    },
    parentIssue: () => {
      const parent = issue.parentIssueId ? store.issues.get(issue.parentIssueId) : undefined;
      return parent ? issueView(request, parent) : null;
    },
    connectedPrs: (args: PageArgs) => issues(issue.connectedPrIds, args),
    zenhubLabels: (args: PageArgs) =>
      connection(
        labelsOf(request, issue.zenhubLabelIds).map((label) => labelView(label, "ZenhubLabel")),
        args,
      ),
  };
}

function priorityView(priority: { id: string; name: string; color: string } | undefined) {
  return priority ? { ...STAMPS, description: null, ...priority } : null;
}

function workspaceView(request: Request, workspace: ZhWorkspace) {
  const { store } = request;
  const issuesOf = (ids: string[]) =>
    ids.flatMap((id) => {
      const issue = store.issues.get(id);
      return issue ? [issueView(request, issue)] : [];
    });
  const repositories = workspace.repositoryIds.flatMap((id) => {
    const repository = store.repositories.get(id);
    return repository ? [repository] : [];
  });
  return {
    __typename: "Workspace",
    ...STAMPS,
    id: workspace.id,
    name: workspace.name,
    displayName: workspace.name,
    repositoriesConnection: (args: PageArgs) =>
      connection(repositories.filter((repository) => repository.type === "GithubRepository").map(repositoryView), args),
    zenhubRepository: () => {
      const own = repositories.find((repository) => repository.type === "ZenhubRepository");
      return own ? repositoryView(own) : null;
    },
    pipelinesConnection: (args: PageArgs) => connection(workspace.pipelines.map(pipelineView), args),
    prioritiesConnection: (args: PageArgs) => connection(workspace.priorities.map(priorityView), args),
    zenhubLabels: (args: PageArgs) =>
      connection(
        workspace.labels.map((label) => labelView(label, "ZenhubLabel")),
        args,
      ),
    sprintConfig: () => {
      const config = workspace.sprintConfig;
      if (!config) return null;
      return {
        __typename: "SprintConfig",
        ...STAMPS,
        ...config,
        kind: "weekly",
        settings: {
          moveUnfinishedIssues: config.moveUnfinishedIssues,
          issuesFromPipeline: {
            enabled: config.issuesFromPipelineId !== null,
            pipelineId: config.issuesFromPipelineId,
            totalStoryPoints: config.totalStoryPoints,
          },
        },
      };
    },
    sprints: (args: PageArgs) =>
      connection(
        workspace.sprints.map((sprint) => sprintView(request, sprint.id)),
        args,
      ),
    releases: (args: PageArgs) =>
      connection(
        workspace.releases.map((release) => releaseView(request, release.id)),
        args,
      ),
    zenhubEpics: (args: PageArgs) =>
      connection(
        workspace.zenhubEpics.map((epic) => zenhubEpicView(request, epic.id)),
        args,
      ),
    epics: (args: PageArgs) =>
      connection(
        workspace.epics.map((epic) => epicView(request, epic.id)),
        args,
      ),
    issueDependencies: (args: PageArgs) =>
      connection(
        workspace.dependencies.map((dependency) => ({
          __typename: "IssueDependency",
          ...STAMPS,
          id: dependency.id,
          blockingIssue: issuesOf([dependency.blockingIssueId])[0],
          blockedIssue: issuesOf([dependency.blockedIssueId])[0],
        })),
        args,
      ),
  };
}

type Found<T> = { workspace: ZhWorkspace; item: T };

function findIn<T extends { id: string }>(
  request: Request,
  pick: (workspace: ZhWorkspace) => T[],
  id: string,
): Found<T> | null {
  for (const workspace of request.store.workspacesFor(request.key)) {
    const item = pick(workspace).find((candidate) => candidate.id === id);
    if (item) return { workspace, item };
  }
  return null;
}

const issueList = (request: Request, ids: string[]) =>
  ids.flatMap((id) => {
    const issue = request.store.issues.get(id);
    return issue ? [issueView(request, issue)] : [];
  });

function sprintView(request: Request, id: string) {
  const found = findIn(request, (workspace) => workspace.sprints, id);
  if (!found) return null;
  const { item } = found;
  return {
    __typename: "Sprint",
    ...STAMPS,
    ...item,
    generatedName: item.name,
    persisted: true,
    issues: (args: PageArgs) => connection(issueList(request, item.issueIds), args),
  };
}

function releaseView(request: Request, id: string) {
  const found = findIn(request, (workspace) => workspace.releases, id);
  if (!found) return null;
  const { item } = found;
  return {
    __typename: "Release",
    ...STAMPS,
    ...item,
    closedAt: null,
    issuesCount: item.issueIds.length,
    issues: (args: PageArgs) => connection(issueList(request, item.issueIds), args),
    repositories: (args: PageArgs) =>
      connection(
        item.repositoryIds.flatMap((repositoryId) => {
          const repository = request.store.repositories.get(repositoryId);
          return repository ? [repositoryView(repository)] : [];
        }),
        args,
      ),
  };
}

function zenhubEpicView(request: Request, id: string) {
  const found = findIn(request, (workspace) => workspace.zenhubEpics, id);
  if (!found) return null;
  const { item } = found;
  return {
    __typename: "ZenhubEpic",
    ...STAMPS,
    ...item,
    startOn: () => item.startOn,
    endOn: () => item.endOn,
    childIssues: (args: PageArgs) => connection(issueList(request, item.issueIds), args),
    assignees: (args: PageArgs) =>
      connection(
        item.assigneeIds.flatMap((userId) => {
          const user = request.store.users.get(userId);
          return user ? [userView(user)] : [];
        }),
        args,
      ),
    labels: (args: PageArgs) =>
      connection(
        labelsOf(request, item.labelIds).map((label) => labelView(label, "Label")),
        args,
      ),
  };
}

function epicView(request: Request, id: string) {
  const found = findIn(request, (workspace) => workspace.epics, id);
  if (!found) return null;
  const { item } = found;
  return {
    __typename: "Epic",
    ...STAMPS,
    id: item.id,
    issue: issueList(request, [item.issueId])[0],
    startOn: () => null,
    endOn: () => null,
    childIssues: (args: PageArgs) => connection(issueList(request, item.childIssueIds), args),
  };
}

function readableWorkspace(request: Request, id: string): ZhWorkspace | null {
  const workspace = request.store.workspaces.get(id);
  return workspace?.readers.has(request.key) ? workspace : null;
}

/** The root value: Query's fields the import reads. */
export function rootFor(request: Request) {
  const { store } = request;
  return {
    viewer: {
      __typename: "ZenhubUser",
      ...STAMPS,
      id: Buffer.from(`gid://raptor/User/${request.key.length}`).toString("base64"),
      name: store.keys.get(request.key) ?? null,
      externalOnly: false,
      zenhubOrganizations: (args: PageArgs) => {
        const readable = store.workspacesFor(request.key);
        const organizations = [...store.organizations.values()].filter((organization) =>
          readable.some((workspace) => workspace.organizationId === organization.id),
        );
        return connection(
          organizations.map((organization) => ({
            __typename: "ZenhubOrganization",
            ...STAMPS,
            ...organization,
            workspaces: (page: PageArgs) =>
              connection(
                readable
                  .filter((workspace) => workspace.organizationId === organization.id)
                  .map((workspace) => workspaceView(request, workspace)),
                page,
              ),
          })),
          args,
        );
      },
    },
    workspace: ({ id }: { id: string }) => {
      const workspace = readableWorkspace(request, id);
      return workspace ? workspaceView(request, workspace) : null;
    },
    searchIssuesByPipeline: (args: PageArgs & { pipelineId: string }) => {
      const workspace = store.workspaceOfPipeline(args.pipelineId);
      if (!workspace?.readers.has(request.key)) throw new GraphQLError("Pipeline not found");
      return connection(
        store.pipelineIssues(workspace, args.pipelineId).map((issue) => issueView(request, issue)),
        args,
      );
    },
    searchClosedIssues: (args: PageArgs & { workspaceId: string }) => {
      const workspace = readableWorkspace(request, args.workspaceId);
      if (!workspace) throw new GraphQLError("Workspace not found");
      return connection(
        store
          .workspaceIssues(workspace)
          .filter((issue) => issue.state === "CLOSED")
          .map((issue) => issueView(request, issue)),
        args,
      );
    },
    node: ({ id }: { id: string }) =>
      sprintView(request, id) ?? releaseView(request, id) ?? zenhubEpicView(request, id) ?? epicView(request, id),
  };
}
