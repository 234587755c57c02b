/**
 * Operations written the way public clients of the reference (ZenHub) API write them: CLIs, MCP
 * servers, GitHub Actions and report scripts. Each is in the reference's own names, so a test can
 * check it against the reference schema itself before renaming it for Gantry (`gantryNamed`). The
 * shapes follow those clients: shared fragments, `... on` for interfaces and unions, variables
 * typed as the reference types them (`Int!` for a GitHub id), and `pageInfo` paging loops.
 */

const ISSUE_FIELDS = `fragment IssueFields on Issue {
  id number title state htmlUrl ghId
  repository { id name ghId ownerName }
  estimate { value }
  pipelineIssue(workspaceId: $workspaceId) { pipeline { id name } }
}`;

export const ZENHUB_OPERATIONS = {
  listWorkspaces: `query ListWorkspaces($query: String!, $first: Int, $after: String) {
    viewer {
      id
      searchWorkspaces(query: $query, first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { id name displayName zenhubOrganization { id name } }
      }
    }
  }`,
  organizationWorkspaces: `query OrganizationWorkspaces {
    viewer {
      zenhubOrganizations(first: 10) {
        nodes { id name workspaces(first: 50) { nodes { id name } } }
      }
    }
  }`,
  workspacePipelines: `query WorkspacePipelines($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      id name
      pipelinesConnection(first: 50) { totalCount nodes { id name description stage } }
    }
  }`,
  issuesByPipeline: `query IssuesByPipeline($workspaceId: ID!, $pipelineId: ID!, $first: Int, $after: String) {
    searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { ...IssueFields }
    }
  }
  ${ISSUE_FIELDS}`,
  issueByInfo: `query IssueByInfo($workspaceId: ID!, $repositoryGhId: Int!, $issueNumber: Int!) {
    issueByInfo(repositoryGhId: $repositoryGhId, issueNumber: $issueNumber) {
      ...IssueFields
      body
      labels(first: 20) { nodes { id name color } }
      assignees(first: 10) { nodes { id login } }
    }
  }
  ${ISSUE_FIELDS}`,
  issueNode: `query IssueNode($workspaceId: ID!, $id: ID!) {
    node(id: $id) {
      __typename
      ... on Issue {
        ...IssueFields
        blockingIssues(first: 10) { nodes { id number } }
        blockedIssues(first: 10) { nodes { id number } }
        sprints(first: 5) { nodes { id name } }
      }
    }
  }
  ${ISSUE_FIELDS}`,
  moveIssue: `mutation MoveIssue($issueId: ID!, $pipelineId: ID!, $position: Int) {
    moveIssue(input: { issueId: $issueId, pipelineId: $pipelineId, position: $position, clientMutationId: "move-1" }) {
      clientMutationId
      issue { id number }
    }
  }`,
  setEstimate: `mutation SetEstimate($issueId: ID!, $value: Float) {
    setEstimate(input: { issueId: $issueId, value: $value }) {
      issue { id estimate { value } }
    }
  }`,
  createIssue: `mutation CreateIssue($repositoryId: ID!, $title: String!, $body: String) {
    createIssue(input: { repositoryId: $repositoryId, title: $title, body: $body }) {
      issue { id number title htmlUrl }
    }
  }`,
  closeIssues: `mutation CloseIssues($issueIds: [ID!]!) {
    closeIssues(input: { issueIds: $issueIds }) { successCount }
  }`,
  reopenIssues: `mutation ReopenIssues($issueIds: [ID!]!, $pipelineId: ID!) {
    reopenIssues(input: { issueIds: $issueIds, pipelineId: $pipelineId, position: START }) { successCount }
  }`,
  workspaceEpics: `query WorkspaceEpics($workspaceId: ID!, $first: Int, $after: String) {
    workspace(id: $workspaceId) {
      zenhubEpics(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { id title state startOn endOn zenhubIssueCountProgress { open closed total } }
      }
    }
  }`,
  epicNode: `query EpicNode($id: ID!, $workspaceId: ID!) {
    node(id: $id) {
      ... on ZenhubEpic {
        id title body state
        childIssues(workspaceId: $workspaceId, first: 50) { totalCount nodes { id number title } }
      }
    }
  }`,
  addIssuesToEpics: `mutation AddIssuesToEpics($issueIds: [ID!]!, $zenhubEpicIds: [ID!]!) {
    addIssuesToZenhubEpics(input: { issueIds: $issueIds, zenhubEpicIds: $zenhubEpicIds }) {
      zenhubEpics { id title }
    }
  }`,
  sprints: `query Sprints($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      activeSprint { id name generatedName startAt endAt }
      upcomingSprint { id name }
      sprints(first: 10, filters: { state: { eq: OPEN } }, orderBy: { field: START_AT, direction: ASC }) {
        nodes { id name state startAt endAt totalPoints completedPoints closedIssuesCount }
      }
    }
  }`,
  addIssuesToSprints: `mutation AddIssuesToSprints($issueIds: [ID!]!, $sprintIds: [ID!]!) {
    addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) {
      sprintIssues { id issue { id number } sprint { id name } }
    }
  }`,
  createBlockage: `mutation CreateBlockage($blocking: ID!, $blocked: ID!) {
    createBlockage(input: { blocking: { id: $blocking, type: ISSUE }, blocked: { id: $blocked, type: ISSUE } }) {
      blockage { id blocking { ... on Issue { number } } blocked { ... on Issue { number } } }
    }
  }`,
  issueLabels: `query IssueLabels($id: ID!) {
    node(id: $id) {
      ... on Issue { labels(first: 50) { totalCount nodes { id name color } } }
    }
  }`,
  repositoriesByGhId: `query RepositoriesByGhId($ghIds: [Int!]!) {
    repositoriesByGhId(ghIds: $ghIds) { id ghId name ownerName }
  }`,
  pipelineNode: `query PipelineNode($id: ID!) {
    node(id: $id) { ... on Pipeline { id name } }
  }`,
  updateEpicState: `mutation UpdateEpicState($zenhubEpicId: ID!, $state: ZenhubEpicState!) {
    updateZenhubEpicState(input: { zenhubEpicId: $zenhubEpicId, state: $state }) { zenhubEpic { id state } }
  }`,
  issueWhereabouts: `query IssueWhereabouts($id: ID!, $workspaceId: ID!) {
    node(id: $id) {
      ... on Issue {
        id ghCreatedAt ghUpdatedAt
        zenhubUrl(workspaceId: $workspaceId)
        pipelineIssues(first: 10) { nodes { pipeline { id name } } }
      }
    }
  }`,
  workspaceUsers: `query WorkspaceUsers($workspaceId: ID!, $query: String) {
    workspace(id: $workspaceId) { zenhubUsers(first: 50, query: $query) { totalCount nodes { id name } } }
  }`,
  pipelineWithIssues: `query PipelineWithIssues($id: ID!, $first: Int, $state: IssueState) {
    node(id: $id) {
      ... on Pipeline {
        id name hasEstimatedIssues isDefaultPRPipeline
        itemBefore { id }
        workspace { id hasEstimatedIssues }
        issues(first: $first, state: $state) { totalCount nodes { number } }
      }
    }
  }`,
  sprintNode: `query SprintNode($id: ID!) {
    node(id: $id) { ... on Sprint { id name state } }
  }`,
  issuesByPipelineFiltered: `query IssuesByPipelineFiltered($pipelineId: ID!, $filters: IssueSearchFiltersInput!) {
    searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 50) {
      totalCount
      nodes { number }
    }
  }`,
  searchIssuesInPipelines: `query SearchIssuesInPipelines($workspaceId: ID!, $filters: EpicAssignableIssueSearchFiltersInput!, $query: String) {
    searchIssues(workspaceId: $workspaceId, filters: $filters, query: $query, first: 50) {
      totalCount
      nodes { number title }
    }
  }`,
  issuesOfEpicsInWorkspaces: `query IssuesOfEpicsInWorkspaces($zenhubEpicIds: [ID!]!, $filters: ZenhubEpicIssueSearchFiltersInput!) {
    searchIssuesByZenhubEpics(zenhubEpicIds: $zenhubEpicIds, filters: $filters, first: 50) {
      totalCount
      nodes { number }
    }
  }`,
  createIssueKeyDate: `mutation CreateIssueKeyDate($issueId: ID!, $date: ISO8601Date!, $description: String!) {
    createIssueKeyDate(input: { issueId: $issueId, date: $date, description: $description }) {
      keyDate { id date description }
    }
  }`,
  workspaceProjectsAndKeyDates: `query WorkspaceProjectsAndKeyDates($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      id
      projects(first: 20) { totalCount pageInfo { hasNextPage } nodes { id name } }
      timelineKeyDates(first: 20) { nodes { id date description } }
      pipelineToPipelineAutomations(first: 10) { totalCount nodes { id } }
    }
  }`,
  repositoryAndSprintConfig: `query RepositoryAndSprintConfig($workspaceId: ID!, $issueId: ID!) {
    node(id: $issueId) {
      ... on Issue { repository { id name createdAt updatedAt isArchived } }
    }
    workspace(id: $workspaceId) {
      sprintConfig { id name workspace { id } }
      releases(first: 10) { nodes { id title issuesCount } }
    }
  }`,
  creators: `query Creators($workspaceId: ID!, $issueId: ID!) {
    viewer { id }
    workspace(id: $workspaceId) { creator { id name } }
    node(id: $issueId) { ... on Issue { creator { id } } }
  }`,
  issuesByIds: `query IssuesByIds($workspaceId: ID!, $ids: [ID!]!) {
    issues(ids: $ids) { ...IssueFields }
  }
  ${ISSUE_FIELDS}`,
  issueConnections: `query IssueConnections($workspaceId: ID!, $issueIds: [ID!]!, $first: Int, $after: String) {
    issueConnections(workspaceId: $workspaceId, issueIds: $issueIds, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id number title pullRequest } }
    }
  }`,
  milestoneByNumber: `query MilestoneByNumber($repositoryGhId: Int!, $milestoneNumber: Int!) {
    milestoneByRepoGhIdAndNumber(repositoryGhId: $repositoryGhId, milestoneNumber: $milestoneNumber) { number title }
  }`,
  validateWorkspaceName: `query ValidateWorkspaceName($zenhubOrganizationId: ID!, $name: String!) {
    validateWorkspaceName(zenhubOrganizationId: $zenhubOrganizationId, name: $name)
  }`,
  dependencyItems: `query DependencyItems($id: ID!, $state: IssueDependencyItemState!) {
    node(id: $id) {
      ... on Issue {
        number body htmlBody ghNodeId
        blockingItems(first: 10) {
          totalCount
          nodes { __typename ... on Issue { number } ... on ZenhubEpic { id title } }
        }
        blockedItems(first: 10, filters: { state: { eq: $state } }) {
          totalCount
          edges { cursor node { ... on Issue { number state } } }
        }
      }
    }
  }`,
  boardDetails: `query BoardDetails($workspaceId: ID!, $issueId: ID!) {
    workspace(id: $workspaceId) {
      areUploadedFilesPrivate
      sharedZenhubRepositories(first: 10) { totalCount nodes { id } }
      pipelinesConnection(first: 1) { nodes { isEpicPipeline } }
      sprintConfig { kind monthlyAttributes { startDay endDay period } }
      sprints(first: 1) { nodes { persisted } }
      releases(first: 5) { nodes { viewerPermission } }
      zenhubEpics(first: 5) {
        nodes {
          viewerPermission htmlBody
          zenhubOrganization { id }
          blockingItems(first: 5) { totalCount nodes { ... on Issue { number } } }
          relatedItems(first: 5) { totalCount }
        }
      }
    }
    node(id: $issueId) {
      ... on Issue {
        metadata(workspaceId: $workspaceId)
        repository { type checkIssueCounts { githubCount raptorCount } }
      }
    }
  }`,
  createZenhubLabel: `mutation CreateZenhubLabel($zenhubOrganizationId: ID!, $name: String!, $color: String!, $description: String) {
    createZenhubLabel(input: { zenhubOrganizationId: $zenhubOrganizationId, name: $name, color: $color, description: $description }) {
      zenhubLabel { ...ZenhubLabelFields }
    }
  }
  fragment ZenhubLabelFields on ZenhubLabel { id name color description }`,
  labelIssue: `mutation LabelIssue($issueIds: [ID!]!, $zenhubLabelIds: [ID!]) {
    addZenhubLabelsToIssues(input: { issueIds: $issueIds, zenhubLabelIds: $zenhubLabelIds }) { issues { id } }
  }`,
  labelIssueByName: `mutation LabelIssueByName($issueIds: [ID!]!, $labelInfos: [LabelInfoInput!]) {
    addZenhubLabelsToIssues(input: { issueIds: $issueIds, labelInfos: $labelInfos }) { issues { id number } }
  }`,
  unlabelIssueByName: `mutation UnlabelIssueByName($issueIds: [ID!]!, $labelInfos: [LabelInfoInput!]) {
    removeZenhubLabelsFromIssues(input: { issueIds: $issueIds, labelInfos: $labelInfos }) { issues { id } }
  }`,
  labelsInUse: `query LabelsInUse($workspaceId: ID!, $issueId: ID!) {
    workspace(id: $workspaceId) { zenhubLabels(first: 50) { totalCount nodes { id name } } }
    node(id: $issueId) { ... on Issue { zenhubLabels(first: 50) { nodes { name } } } }
  }`,
  deleteZenhubLabels: `mutation DeleteZenhubLabels($zenhubOrganizationId: ID!, $names: [String!]!) {
    deleteZenhubLabels(input: { zenhubOrganizationId: $zenhubOrganizationId, names: $names }) {
      clientMutationId
      zenhubLabels { id name }
    }
  }`,
  repositoryWorkspaces: `query RepositoryWorkspaces($workspaceId: ID!, $issueId: ID!) {
    workspace(id: $workspaceId) { relatedWorkspaces(first: 10) { totalCount nodes { id name } } }
    node(id: $issueId) {
      ... on Issue {
        repository {
          workspace { id }
          workspaces { id }
          workspacesConnection(first: 10) { totalCount pageInfo { hasNextPage } nodes { id } }
        }
      }
    }
  }`,
  workspaceLists: `query WorkspaceLists($workspaceId: ID!, $number: Int!) {
    workspace(id: $workspaceId) {
      priorities { id name }
      prioritiesConnection(first: 50) { nodes { id name } }
      repositories { id name ghId }
      zenhubIssueByNumber(number: $number) { id number }
    }
  }`,
  ownerByLogin: `query OwnerByLogin($login: String!) {
    ownerByLogin(login: $login) { ...OwnerFields }
  }
  fragment OwnerFields on Owner {
    __typename id ghId ghNodeId login avatarUrl hasWorkspace createdAt
    ... on User { name type updatedAt }
    ... on Organization { type updatedAt }
  }`,
  ownerByGhId: `query OwnerByGhId($ghId: Int!) {
    ownerByGhId(ghId: $ghId) {
      __typename login ghId
      ... on Timestamps { createdAt updatedAt }
    }
  }`,
  createGithubLabel: `mutation CreateGithubLabel($input: CreateGithubLabelInput!) {
    createGithubLabel(input: $input) { clientMutationId label { id name color description } }
  }`,
  recordDates: `query RecordDates($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      sprints(first: 1) { nodes { id createdAt updatedAt } }
      releases(first: 1) { nodes { id createdAt updatedAt } }
      prioritiesConnection(first: 1) { nodes { id createdAt updatedAt } }
    }
  }`,
  renameRecords: `mutation RenameRecords($sprintId: ID!, $releaseId: ID!, $name: String!) {
    updateSprint(input: { sprintId: $sprintId, name: $name }) { sprint { id updatedAt } }
    updateRelease(input: { releaseId: $releaseId, release: { title: $name } }) { release { id updatedAt } }
  }`,
  workspaceRepositories: `query WorkspaceRepositories($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      workspaceRepositories(first: 10) {
        totalCount
        pageInfo { hasNextPage }
        nodes { id createdAt updatedAt readModeEnabled workspace { id } repository { id name ghId estimateSet { values } } }
      }
    }
  }`,
  assigneeDates: `query AssigneeDates($issueId: ID!) {
    node(id: $issueId) {
      ... on Issue { assignees(first: 10) { nodes { login type createdAt hasWorkspace } } }
    }
  }`,
} as const;

export type ZenhubOperationName = keyof typeof ZENHUB_OPERATIONS;

/** An operation as it is written for Gantry: Zenhub becomes Gantry in every name (DESIGN.md, "The GraphQL API"). */
export const gantryNamed = (operation: string): string =>
  operation.replaceAll("Zenhub", "Gantry").replaceAll("zenhub", "gantry");
