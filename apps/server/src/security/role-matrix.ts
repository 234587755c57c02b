/**
 * The permission matrix (issue #15, decision 0043): every root field of the GraphQL schema with who may
 * call it, as outcomes per role, and the call that shows it. `role-matrix.test.ts` fails when a root field
 * has no entry here (or an entry names a field that is gone); `role-matrix.db.test.ts` makes every call as
 * every role against a real seeded organisation and checks the outcome, and that refused calls changed
 * nothing in the database.
 *
 * Changing an entry's rule is a permission change and is reviewed as one.
 */

export const ROLES = ["anonymous", "outsider", "otherOrganisation", "viewer", "member", "admin", "owner"] as const;
/**
 * - owner, admin, member: the organisation's roles; `member` has the default (write) access to the workspace.
 * - viewer: an organisation member whose access to the workspace is `viewer` (read only).
 * - outsider: signed in, in no organisation; otherOrganisation: the owner of another organisation.
 */
export type Role = (typeof ROLES)[number];

/**
 * allowed: the call does what it says. denied: FORBIDDEN or NOT_FOUND (or, for reads and bulk edits,
 * nothing: a null answer, or no issue changed). unauthenticated: UNAUTHENTICATED.
 */
export type Outcome = "allowed" | "denied" | "unauthenticated";

const profile = (allowed: readonly Role[], anonymous: Outcome = "unauthenticated"): Record<Role, Outcome> =>
  Object.fromEntries(
    ROLES.map((role) => [role, role === "anonymous" ? anonymous : allowed.includes(role) ? "allowed" : "denied"]),
  ) as Record<Role, Outcome>;

/** The rules, by name. Every entry of the matrix names one. */
export const RULES = {
  /** Anyone, signed in or not. */
  public: profile(["outsider", "otherOrganisation", "viewer", "member", "admin", "owner"], "allowed"),
  /** Anyone signed in, acting on their own account (or on what the call names for them, such as an invitation). */
  signedIn: profile(["outsider", "otherOrganisation", "viewer", "member", "admin", "owner"]),
  /** The instance's administrators only (GANTRY_INSTANCE_ADMINS): no role of an organisation is one. */
  instanceAdmin: profile([]),
  /** Members of the organisation, whatever their workspace access. */
  organisationMember: profile(["viewer", "member", "admin", "owner"]),
  /** Owners and admins of the organisation. */
  organisationAdmin: profile(["admin", "owner"]),
  /**
   * Reads by id of anything (node, nodes): the field is public, each object checks who may read it, and
   * what someone may not read is answered as nothing (null), to anonymous callers too.
   */
  objectReader: profile(["viewer", "member", "admin", "owner"], "denied"),
  /** Everyone who can open the workspace, read-only access included. */
  workspaceReader: profile(["viewer", "member", "admin", "owner"]),
  /** Everyone who can edit the workspace's board (not read-only access). */
  workspaceWriter: profile(["member", "admin", "owner"]),
  /** The workspace's administrators (the organisation's owners and admins). */
  workspaceAdmin: profile(["admin", "owner"]),
  /**
   * Only the person who made the thing (the organisation's owner made it here). Shared saved views are
   * the exception: their creator or a workspace admin (workspaceAdmin).
   */
  author: profile(["owner"]),
} as const satisfies Record<string, Record<Role, Outcome>>;

export type RuleName = keyof typeof RULES;

/**
 * Root field → rule. `weak` marks fields whose allowed call cannot complete here (it needs GitHub, a model
 * or a delivery that only a running job makes): for them an allowed role must only not be refused
 * (FORBIDDEN/UNAUTHENTICATED), and the reason says why.
 */
export interface MatrixEntry {
  rule: RuleName;
  weak?: string;
  /**
   * The refusal an allowed role gets here for want of what `weak` names. A denied role's refusal must be
   * another one, so the permission is shown to be checked first.
   */
  allowedError?: RegExp;
}

const NEEDS_GITHUB_ACCOUNT =
  "needs the caller's GitHub account, which nobody here has connected: allowed roles are told so, denied ones are refused first";
const CONNECT_GITHUB = /^Connect your GitHub account first\.$/;
const ENTERPRISE = "seats exist in the enterprise edition only; the test app is the community edition (BAD_USER_INPUT)";

export const MATRIX: Record<string, MatrixEntry> = {
  // ---- Query ----
  "Query.analyticsEvents": { rule: "instanceAdmin" },
  "Query.auditEvents": { rule: "instanceAdmin" },
  "Query.enterpriseLicense": { rule: "instanceAdmin" },
  "Query.enterpriseSeats": { rule: "instanceAdmin" },
  "Query.instanceUsers": { rule: "instanceAdmin" },
  "Query.isGantryOrganizationInviteValid": { rule: "public" },
  "Query.issueByInfo": { rule: "workspaceReader" },
  "Query.issueConnections": { rule: "workspaceReader" },
  // Lists only the issues the caller can read, none otherwise (zenhub-clients.db.test.ts shows an outsider's).
  "Query.issues": { rule: "signedIn" },
  "Query.milestoneByRepoGhIdAndNumber": { rule: "workspaceReader" },
  "Query.node": { rule: "objectReader" },
  "Query.nodes": { rule: "objectReader" },
  // Lists only the repositories the caller can read, none otherwise (zenhub-clients.db.test.ts shows an outsider's).
  "Query.repositoriesByGhId": { rule: "signedIn" },
  "Query.repositoryIssue": { rule: "workspaceReader" },
  "Query.zenhubWorkspacesForKey": {
    rule: "signedIn",
    weak: "asks ZenHub, which is not reachable here; the call's short key is refused before any request",
    allowedError: /^Paste the whole ZenHub API key, with nothing else\.$/,
  },
  "Query.searchClosedIssues": { rule: "workspaceReader" },
  "Query.searchIssues": { rule: "workspaceReader" },
  "Query.searchIssuesByGantryEpics": { rule: "workspaceReader" },
  "Query.searchIssuesByPipeline": { rule: "workspaceReader" },
  "Query.suggestedLabels": { rule: "workspaceWriter" },
  "Query.suggestedLabelsForDraft": { rule: "workspaceWriter" },
  "Query.validateWorkspaceName": { rule: "organisationMember" },
  "Query.version": { rule: "public" },
  "Query.viewer": { rule: "signedIn" },
  "Query.workspace": { rule: "workspaceReader" },
  "Query.workspaceIssue": { rule: "workspaceReader" },
  // ---- Mutation ----
  "Mutation.acceptGantryOrganizationInvite": { rule: "signedIn" },
  "Mutation.addAssigneesToIssues": {
    rule: "workspaceWriter",
    weak: "an assignee must be a workspace member who connected GitHub; nobody here has, so the issue is listed as failed",
  },
  "Mutation.addEstimateSetValue": { rule: "workspaceAdmin" },
  "Mutation.addIssuesToEpics": { rule: "workspaceWriter" },
  "Mutation.addIssuesToGantryEpics": { rule: "workspaceWriter" },
  "Mutation.addIssuesToReleases": { rule: "workspaceWriter" },
  "Mutation.addIssuesToSprints": { rule: "workspaceWriter" },
  "Mutation.addLabelsToIssues": { rule: "workspaceWriter" },
  "Mutation.addRepositoryToWorkspace": {
    rule: "workspaceWriter",
    weak: NEEDS_GITHUB_ACCOUNT,
    allowedError: CONNECT_GITHUB,
  },
  "Mutation.addSubIssues": { rule: "workspaceWriter" },
  "Mutation.analyticsAlias": { rule: "signedIn" },
  "Mutation.analyticsIncrementUserProperties": { rule: "signedIn" },
  "Mutation.analyticsTrackEvent": { rule: "signedIn" },
  "Mutation.analyticsUpdateUserProperties": { rule: "signedIn" },
  "Mutation.approveAccessRequest": { rule: "organisationAdmin" },
  "Mutation.approveEnterpriseSeat": { rule: "instanceAdmin" },
  "Mutation.closeIssues": { rule: "workspaceWriter" },
  "Mutation.createApiKey": { rule: "signedIn" },
  "Mutation.createBlockage": { rule: "workspaceWriter" },
  "Mutation.createComment": { rule: "workspaceWriter" },
  "Mutation.createEpicFromIssue": { rule: "workspaceWriter" },
  "Mutation.createGantryEpic": { rule: "workspaceWriter" },
  "Mutation.createGantryLabel": { rule: "organisationAdmin" },
  "Mutation.addAssigneesToGantryEpics": { rule: "workspaceWriter" },
  "Mutation.removeAssigneesFromGantryEpics": { rule: "workspaceWriter" },
  "Mutation.addGantryLabelsToGantryEpics": { rule: "workspaceWriter" },
  "Mutation.removeGantryLabelsFromGantryEpics": { rule: "workspaceWriter" },
  "Mutation.addGantryLabelsToIssues": { rule: "workspaceWriter" },
  "Mutation.removeGantryLabelsFromIssues": { rule: "workspaceWriter" },
  "Mutation.createGantryOrganization": { rule: "signedIn" },
  "Mutation.createGantryOrganizationInvite": { rule: "organisationAdmin" },
  "Mutation.createGitHubRepository": { rule: "signedIn", weak: NEEDS_GITHUB_ACCOUNT, allowedError: CONNECT_GITHUB },
  "Mutation.createIssue": { rule: "workspaceWriter" },
  "Mutation.createMilestone": { rule: "workspaceWriter" },
  "Mutation.createOutboundWebhook": { rule: "workspaceAdmin" },
  "Mutation.createPipeline": { rule: "workspaceAdmin" },
  "Mutation.createPriority": { rule: "workspaceAdmin" },
  "Mutation.createRelease": { rule: "workspaceWriter" },
  "Mutation.createSavedView": { rule: "workspaceReader" },
  "Mutation.createSprintConfig": { rule: "workspaceAdmin" },
  "Mutation.createWorkspace": { rule: "organisationMember" },
  "Mutation.deleteGantryLabels": { rule: "organisationAdmin" },
  "Mutation.declineAccessRequest": { rule: "organisationAdmin" },
  "Mutation.declineEnterpriseSeat": { rule: "instanceAdmin" },
  "Mutation.deleteBlockage": { rule: "workspaceWriter" },
  "Mutation.deleteComment": { rule: "author" },
  "Mutation.deleteGantryEpic": { rule: "workspaceWriter" },
  "Mutation.deleteGantryIssue": { rule: "workspaceWriter" },
  "Mutation.deleteGantryOrganization": { rule: "author" },
  "Mutation.deleteGantryOrganizationInvite": { rule: "organisationAdmin" },
  "Mutation.deleteOutboundWebhook": { rule: "workspaceAdmin" },
  "Mutation.deletePipeline": { rule: "workspaceAdmin" },
  "Mutation.deletePriority": { rule: "workspaceAdmin" },
  "Mutation.deleteRelease": { rule: "workspaceWriter" },
  "Mutation.deleteSavedView": { rule: "workspaceAdmin" },
  "Mutation.deleteSprintConfigAndOpenSprints": { rule: "workspaceAdmin" },
  "Mutation.deleteWorkspace": { rule: "workspaceAdmin" },
  "Mutation.disconnectWorkspaceRepository": { rule: "workspaceWriter" },
  "Mutation.dismissLabelSuggestion": { rule: "workspaceWriter" },
  "Mutation.grantEnterpriseSeat": { rule: "instanceAdmin" },
  "Mutation.inviteToEstimate": { rule: "workspaceWriter" },
  "Mutation.moveIssue": { rule: "workspaceWriter" },
  "Mutation.movePipelineIssues": { rule: "workspaceWriter" },
  "Mutation.moveStrategicIssue": { rule: "workspaceWriter" },
  "Mutation.reconcileRepository": { rule: "workspaceWriter" },
  "Mutation.redeliverOutboundWebhookDelivery": {
    rule: "workspaceAdmin",
    weak: "needs a delivery, which only the delivery job makes; the id is made up, so every role is told NOT_FOUND",
  },
  "Mutation.removeAssigneesFromIssues": { rule: "workspaceWriter" },
  "Mutation.removeEstimateSetValue": { rule: "workspaceAdmin" },
  "Mutation.removeEstimationVote": { rule: "workspaceWriter" },
  "Mutation.removeGantryUsersFromWorkspace": { rule: "workspaceAdmin" },
  "Mutation.removeIssueInfoPriorities": { rule: "workspaceWriter" },
  "Mutation.removeIssuesFromEpics": { rule: "workspaceWriter" },
  "Mutation.removeIssuesFromGantryEpics": { rule: "workspaceWriter" },
  "Mutation.removeIssuesFromReleases": { rule: "workspaceWriter" },
  "Mutation.removeIssuesFromSprints": { rule: "workspaceWriter" },
  "Mutation.removeLabelsFromIssues": { rule: "workspaceWriter" },
  "Mutation.removeSubIssues": { rule: "workspaceWriter" },
  "Mutation.removeUserFromGantryOrganization": { rule: "organisationAdmin" },
  "Mutation.reopenIssues": { rule: "workspaceWriter" },
  "Mutation.requestEnterpriseSeat": { rule: "signedIn", weak: ENTERPRISE },
  "Mutation.requestGantryOrganizationAccess": { rule: "signedIn" },
  "Mutation.revokeApiKey": { rule: "author" },
  "Mutation.setEstimate": { rule: "workspaceWriter" },
  "Mutation.startZenhubImport": { rule: "workspaceAdmin", weak: NEEDS_GITHUB_ACCOUNT, allowedError: CONNECT_GITHUB },
  "Mutation.setEstimationVote": { rule: "author" },
  "Mutation.setFeatureFlag": { rule: "instanceAdmin" },
  "Mutation.setGantryOrganizationAiEnabled": { rule: "organisationAdmin" },
  "Mutation.setIssueInfoPriorities": { rule: "workspaceWriter" },
  "Mutation.setIssuesMilestone": { rule: "workspaceWriter" },
  "Mutation.setIssuesType": { rule: "workspaceWriter" },
  "Mutation.setMultipleEstimates": { rule: "workspaceWriter" },
  "Mutation.setUserSetting": { rule: "signedIn" },
  "Mutation.setWorkspaceViewedNow": { rule: "workspaceReader" },
  "Mutation.trackEnterpriseSeatUsage": { rule: "signedIn", weak: ENTERPRISE },
  "Mutation.updateComment": { rule: "author" },
  "Mutation.updateEpicDates": { rule: "workspaceWriter" },
  "Mutation.updateGantryEpic": { rule: "workspaceWriter" },
  "Mutation.updateGantryEpicDates": { rule: "workspaceWriter" },
  "Mutation.updateGantryEpicState": { rule: "workspaceWriter" },
  "Mutation.updateGantryOrganization": { rule: "organisationAdmin" },
  "Mutation.updateGantryOrganizationUserRole": { rule: "organisationAdmin" },
  "Mutation.updateIssue": { rule: "workspaceWriter" },
  "Mutation.updatePipeline": { rule: "workspaceAdmin" },
  "Mutation.updatePriority": { rule: "workspaceAdmin" },
  "Mutation.updateRelease": { rule: "workspaceWriter" },
  "Mutation.updateSavedView": { rule: "workspaceAdmin" },
  "Mutation.updateSprint": { rule: "workspaceWriter" },
  "Mutation.updateSprintConfig": { rule: "workspaceAdmin" },
  "Mutation.updateWorkspace": { rule: "workspaceAdmin" },
  "Mutation.updateWorkspaceGantryUserRole": { rule: "workspaceAdmin" },
  // The reference's mutations served by decision 0080, with the rules of the services they run.
  "Mutation.addGantryUsersToWorkspace": { rule: "workspaceAdmin" },
  "Mutation.addRepositoriesToRelease": { rule: "workspaceWriter" },
  "Mutation.changeIssueTypeOfIssues": { rule: "workspaceWriter" },
  "Mutation.createEpic": { rule: "workspaceWriter", weak: NEEDS_GITHUB_ACCOUNT, allowedError: CONNECT_GITHUB },
  "Mutation.createIssueDependency": { rule: "workspaceWriter" },
  "Mutation.createIssuePrConnection": { rule: "workspaceWriter" },
  "Mutation.deleteEpicByIssueInfo": { rule: "workspaceWriter" },
  "Mutation.deleteGantryOrganizationInvites": { rule: "organisationAdmin" },
  "Mutation.deleteIssueDependency": { rule: "workspaceWriter" },
  "Mutation.deleteIssuePrConnection": { rule: "workspaceWriter" },
  "Mutation.leaveGantryOrganization": { rule: "organisationMember" },
  "Mutation.moveAllPipelineIssues": { rule: "workspaceWriter" },
  "Mutation.moveIssueRelativeTo": { rule: "workspaceWriter" },
  "Mutation.removeMilestoneToIssues": { rule: "workspaceWriter" },
  "Mutation.addMilestoneToIssues": { rule: "workspaceWriter" },
  "Mutation.updateMilestone": { rule: "workspaceWriter" },
  "Mutation.deleteMilestone": { rule: "workspaceWriter" },
  "Mutation.setMilestoneStartDate": { rule: "workspaceWriter" },
  "Mutation.removeRepositoriesFromRelease": { rule: "workspaceWriter" },
  "Mutation.reprioritizeSubIssue": { rule: "workspaceWriter" },
  "Mutation.setPriorityOnPipelineIssues": { rule: "workspaceWriter" },
  "Mutation.updateEpicIssuesByIssueInfos": { rule: "workspaceWriter" },
  // ---- Subscription ----
  "Subscription.boardEvents": { rule: "workspaceReader" },
  "Subscription.suggestAcceptanceCriteria": { rule: "workspaceWriter" },
};
