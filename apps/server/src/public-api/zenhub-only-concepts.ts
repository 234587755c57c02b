/**
 * The reference (ZenHub) API's concepts Gantry does not have, each with the reason a client reads: in the
 * description of every field served for it (`reference-surface.ts`), in the error a mutation of it answers, and in
 * docs/api/compatibility.md. A coordinate is `Type.field` or `Type.field(argument)` in Gantry's names (the
 * reference's `Zenhub` written `Gantry`). Concepts Gantry has are never listed here: they get real resolvers.
 */
const CONCEPTS: readonly { match: RegExp; reason: string }[] = [
  {
    match: /Project|projects?\b|Project$/,
    reason:
      "Projects are a ZenHub concept Gantry does not have; group work with Gantry epics and releases instead. Nothing was changed.",
  },
  {
    match: /Roadmap|roadmap\b|roadmapId|ProjectDate|^(User|Organization)\.roadmapItems\b/,
    reason:
      "ZenHub's roadmap of projects is a concept Gantry does not have; Gantry's roadmap is its epics by their dates (`updateGantryEpicDates`). Nothing was changed.",
  },
  {
    match: /KeyDate|keyDates|timelineKeyDates/,
    reason: "Key dates are a ZenHub concept Gantry does not have. Nothing was changed.",
  },
  {
    match:
      /PipelineToPipelineAutomation|PipelineAutomation|pipelineConfiguration|PipelineConfiguration|updatePipelineConfiguration|setPipelineStages/,
    reason:
      "Pipeline automations and pipeline configurations are ZenHub concepts Gantry does not have. Nothing was changed.",
  },
  { match: /Notion/, reason: "Gantry has no Notion integration. Nothing was changed." },
  {
    match: /[Ff]avorite/,
    reason: "Favourite workspaces and repositories are a ZenHub concept Gantry does not have. Nothing was changed.",
  },
  {
    match: /[Zz]org/,
    reason: "ZenHub's organization issue metadata (zorg) is a concept Gantry does not have. Nothing was changed.",
  },
  {
    match: /[Aa]iMetadata|AiAcceptanceCriteria|AiLabelSuggestions/,
    reason: "ZenHub's AI metadata is a concept Gantry does not have. Nothing was changed.",
  },
  {
    match: /SprintReview|sprintReview/,
    reason: "ZenHub's generated sprint reviews are a concept Gantry does not have. Nothing was changed.",
  },
  {
    match: /EstimationGroup|estimationGroups/,
    reason: "Estimation groups are a ZenHub concept Gantry does not have. Nothing was changed.",
  },
  {
    match: /LabelFilter|labelFilters/,
    reason: "Workspace label filters are a ZenHub concept Gantry does not have. Nothing was changed.",
  },
  {
    match:
      /migrateGheTransferredRepository|MigrateGheTransferredRepository|splitWorkspaceRepository|SplitWorkspaceRepository|GithubProjectImport|githubProject\b|GithubProjectInput/,
    reason:
      "Moving repositories between GitHub Enterprise instances, splitting them and importing GitHub Projects are ZenHub concepts Gantry does not have. Nothing was changed.",
  },
  {
    match: /DeliveryRisk|deliveryRisk/,
    reason: "ZenHub's delivery risk is a concept Gantry does not have.",
  },
  {
    match: /EmailProperties|emailProperties/,
    reason: "ZenHub's invitation e-mail properties are not offered: Gantry's invitation e-mail is its own.",
  },
  {
    match: /areUploadedFilesPrivate/,
    reason:
      "Uploaded files are a ZenHub concept Gantry does not have: Gantry stores no attachments. Nothing was changed.",
  },
  {
    match: /^Workspace\.sharedGantryRepositories\b/,
    reason:
      "ZenHub repositories shared between workspaces are a ZenHub concept: a Gantry repository belongs to its one workspace.",
  },
  {
    match: /^Pipeline\.isEpicPipeline$/,
    reason: "ZenHub's epic pipeline is a ZenHub concept Gantry does not have (the reference says it must not be used).",
  },
  {
    match: /^GantryEpic\.(blockingItems|blockedItems|relatedItems)\b/,
    reason: "Dependencies of epics are a ZenHub concept: Gantry's dependencies are between issues.",
  },
  {
    match: /^GantryOrganization\.githubOrganization$|^Organization\.gantryOrganization$/,
    reason: "Linking an organisation to a GitHub organisation is a ZenHub concept: a Gantry organisation stands alone.",
  },
  {
    match: /^(User|Organization)\.searchWorkspaces\b/,
    reason:
      "Searching the workspaces of a GitHub account is ZenHub's: Gantry searches a Gantry user's workspaces (`GantryUser.searchWorkspaces`).",
  },
  {
    match: /^Workspace\.defaultSavedView$|^UpdateWorkspaceInput\.defaultSavedViewId$/,
    reason:
      "A default saved view is a ZenHub concept: a Gantry saved view is its creator's or shared with the workspace, and none is the workspace's default.",
  },
  {
    match: /^Workspace\.issueFlowStats\b|IssueFlowStats|AnomalousIssue/,
    reason:
      "ZenHub's issue flow statistics (development and review days, anomalies) are a concept Gantry does not have; Gantry's cycle times are its control chart report (`Workspace.reports.controlChart`).",
  },
  {
    match: /^WorkspaceRepository\.readModeEnabled$/,
    reason:
      "ZenHub's read mode for a workspace's repository is a concept Gantry does not have: every repository of a workspace is worked on alike.",
  },
  {
    match: /^Repository\.checkIssueCounts$/,
    reason: "ZenHub's check of a repository's issue counts is a concept Gantry does not have; see `Repository.import`.",
  },
  {
    match: /monthlyAttributes|SprintConfigMonthlyAttributes/,
    reason:
      "Monthly sprints are a ZenHub concept Gantry does not have: Gantry's sprints last a whole number of weeks. Nothing was changed.",
  },
  {
    match: /^Issue\.metadata\b/,
    reason: "ZenHub's issue metadata payload is a concept Gantry does not have.",
  },
  {
    match: /^Mutation\.(addGantryRepositoryToWorkspace|removeGantryRepositoryFromWorkspace)$/,
    reason:
      "ZenHub repositories shared between workspaces are a ZenHub concept: a Gantry repository belongs to its one workspace. Nothing was changed.",
  },
  {
    match: /^Mutation\.moveGantryIssueToWorkspace$/,
    reason:
      "Moving a Gantry issue to another workspace is a ZenHub concept Gantry does not have: a Gantry issue lives in its workspace's Gantry repository. Nothing was changed.",
  },
  {
    match: /^Mutation\.convertGantryIssueToGithubIssue$/,
    reason:
      "Converting a Gantry issue into a GitHub issue is a ZenHub concept Gantry does not have; create the issue in the GitHub repository (`createIssue`) instead. Nothing was changed.",
  },
  {
    match: /^Mutation\.setPullRequestPipeline$/,
    reason:
      "A workspace's pull request pipeline is a ZenHub concept Gantry does not have: Gantry places a pull request like any issue. Nothing was changed.",
  },
  {
    match: /^Mutation\.setMultipleEstimatesOnGantryEpics$/,
    reason:
      "An estimate of an epic's own is a ZenHub concept: a Gantry epic's estimate is the sum of its issues' (`issueEstimateProgress`); estimate the issues (`setMultipleEstimates`). Nothing was changed.",
  },
  {
    match: /^Mutation\.(addGantryAssigneesToIssues|removeGantryAssigneesFromIssues)$/,
    reason:
      "Assigning ZenHub users to issues is a ZenHub concept: Gantry assigns issues by GitHub login (`addAssigneesToIssues`) and its users to Gantry epics (`addAssigneesToGantryEpics`). Nothing was changed.",
  },
  {
    match: /^Mutation\.deleteGantryOrganizationInviteRecipients$/,
    reason:
      "Invitations with several recipients are a ZenHub concept: a Gantry invitation is for one address; delete it with `deleteGantryOrganizationInvites`. Nothing was changed.",
  },
  {
    match: /^Mutation\.disconnectGithubUser$/,
    reason:
      "Disconnecting GitHub from an account through the API is not offered: revoke Gantry's GitHub app authorization on GitHub. Nothing was changed.",
  },
  {
    match: /^Mutation\.deleteGantryUser$/,
    reason: "Deleting an account through the API is not offered by Gantry. Nothing was changed.",
  },
  {
    match: /GantryOrganizationInput\.(address|defaultPaymentMethod|email|nameOnInvoice|taxId|taxTypeId)$/,
    reason: "Billing details are ZenHub's; Gantry keeps no billing details. Nothing was changed.",
  },
];

/** The reason a coordinate belongs to a ZenHub-only concept, or null when Gantry has it (or might). */
export function zenhubOnlyConcept(typeName: string, field: string): string | null {
  const coordinate = `${typeName}.${field}`;
  return CONCEPTS.find((concept) => concept.match.test(coordinate))?.reason ?? null;
}
