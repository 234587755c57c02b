/**
 * Every operation the ZenHub import sends, in ZenHub's own names. `operations.test.ts` validates
 * each against ZenHub's published schema, so what works against the stand-in works against the
 * real API. Pages are 100, ZenHub's maximum, so a workspace costs as few requests as it can.
 */
const ISSUE_FIELDS = `
  fragment ImportedIssue on Issue {
    id number title body state pullRequest ghId type htmlUrl ghCreatedAt
    repository { id ghId }
    estimate { value }
    pipelineIssue(workspaceId: $workspaceId) { priority { id } }
    parentIssue { id }
    connectedPrs(first: 20) { nodes { id } }
    zenhubLabels(first: 20) { nodes { id name color description } }
  }`;

const ISSUE_IDS = `pageInfo { hasNextPage endCursor } nodes { id }`;

export const OPERATIONS = {
  WorkspacesOfKey: `query WorkspacesOfKey {
    viewer {
      zenhubOrganizations(first: 100) {
        nodes { id name workspaces(first: 100) { nodes { id name } } }
      }
    }
  }`,

  WorkspaceShape: `query WorkspaceShape($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      id name
      zenhubRepository { id }
      repositoriesConnection(first: 100) { nodes { id ghId name ownerName estimateSet { values } } }
      pipelinesConnection(first: 100) { nodes { id name description stage } }
      prioritiesConnection(first: 100) { nodes { id name color } }
      sprintConfig {
        name period tzIdentifier
        settings { moveUnfinishedIssues issuesFromPipeline { enabled pipelineId totalStoryPoints } }
      }
    }
  }`,

  PipelineIssues: `query PipelineIssues($workspaceId: ID!, $pipelineId: ID!, $after: String) {
    searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: 100, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } nodes { ...ImportedIssue }
    }
  }
  ${ISSUE_FIELDS}`,

  ClosedIssues: `query ClosedIssues($workspaceId: ID!, $after: String) {
    searchClosedIssues(workspaceId: $workspaceId, filters: {}, first: 100, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } nodes { ...ImportedIssue }
    }
  }
  ${ISSUE_FIELDS}`,

  ZenhubEpics: `query ZenhubEpics($workspaceId: ID!, $after: String) {
    workspace(id: $workspaceId) {
      zenhubEpics(first: 50, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes {
          id title body state startOn endOn
          assignees(first: 50) { nodes { id name email githubUser { login } } }
          labels(first: 50) { nodes { id name color } }
          childIssues(workspaceId: $workspaceId, first: 100) { ${ISSUE_IDS} }
        }
      }
    }
  }`,

  Epics: `query Epics($workspaceId: ID!, $after: String) {
    workspace(id: $workspaceId) {
      epics(first: 50, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes { id issue { id } childIssues(first: 100) { ${ISSUE_IDS} } }
      }
    }
  }`,

  Dependencies: `query Dependencies($workspaceId: ID!, $after: String) {
    workspace(id: $workspaceId) {
      issueDependencies(first: 100, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes { id blockingIssue { id } blockedIssue { id } }
      }
    }
  }`,

  Sprints: `query Sprints($workspaceId: ID!, $after: String) {
    workspace(id: $workspaceId) {
      sprints(first: 50, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes { id name description startAt endAt state issues(first: 100) { ${ISSUE_IDS} } }
      }
    }
  }`,

  Releases: `query Releases($workspaceId: ID!, $after: String) {
    workspace(id: $workspaceId) {
      releases(first: 50, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes {
          id title description startOn endOn state
          repositories(first: 100) { nodes { id } }
          issues(first: 100) { ${ISSUE_IDS} }
        }
      }
    }
  }`,

  /** The rest of a sprint's, release's or epic's issues, past the first hundred its list carried. */
  MoreIssues: `query MoreIssues($id: ID!, $workspaceId: ID!, $after: String) {
    node(id: $id) {
      ... on Sprint { issues(first: 100, after: $after) { ${ISSUE_IDS} } }
      ... on Release { issues(first: 100, after: $after) { ${ISSUE_IDS} } }
      ... on Epic { childIssues(first: 100, after: $after) { ${ISSUE_IDS} } }
      ... on ZenhubEpic { childIssues(workspaceId: $workspaceId, first: 100, after: $after) { ${ISSUE_IDS} } }
    }
  }`,
} as const;

export type OperationName = keyof typeof OPERATIONS;
