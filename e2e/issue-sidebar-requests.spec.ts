import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { backlogIssues, serverClock } from "./support/sprints.js";

/*
 * The issue sidebar's answers come with the issue, not after it (issue #27 item 11: 2.5 s after opening,
 * Sprints was still empty and the votes read "Loading votes…"). The issue's answer is held back on its
 * way to the page: every request the sidebar needs is sent while it is held, so none waits on it.
 */

const operationOf = (body: string | null) =>
  /^\s*(?:query|mutation)\s+(\w+)/.exec((JSON.parse(body ?? "{}") as { query?: string }).query ?? "")?.[1] ??
  "anonymous";
/** What the sidebar's sprint field, estimation votes and estimate menu read. */
const SIDEBAR_OPERATIONS = [
  "issueSprints",
  "getSprintConfig",
  "issueEstimationVotes",
  "workspace",
  "workspaceEstimateSet",
];

test("opening an issue sends the sidebar's requests beside the issue's, not after its answer", async ({ page }) => {
  const owner = await createAccount(page.request, "sidebar-requests");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Sidebar ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  const ids = await backlogIssues(page, owner, workspaceId, [{ title: "Receipt emails", points: 3 }]);
  const today = (await serverClock(page)).toISOString().slice(0, 10);
  await gql(
    page.request,
    owner,
    "mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }",
    {
      input: {
        workspaceId,
        name: "Sprint",
        period: 2,
        startOn: today,
        startOnTime: "00:00",
        tzIdentifier: "UTC",
        settings: { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: false } },
      },
    },
  );
  const { workspace } = await gql<{ workspace: { activeSprint: { id: string; name: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { activeSprint { id name } } }",
    { id: workspaceId },
  );
  await gql(
    page.request,
    owner,
    "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToSprints(input: { issueIds: $i, sprintIds: $t }) { successCount } }",
    { i: [ids["Receipt emails"]], t: [workspace.activeSprint.id] },
  );

  // Each request, in order, and the moment the issue's answer reaches the page.
  const sent: { operation: string; afterIssue: boolean }[] = [];
  let issueAnswered = false;
  await page.route("**/graphql", async (route) => {
    const operation = operationOf(route.request().postData());
    sent.push({ operation, afterIssue: issueAnswered });
    if (operation !== "viewedWorkspaceIssue") return route.continue();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    issueAnswered = true;
    await route.fulfill({ response });
  });
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/issues/1`);
  const fields = page.getByRole("region", { name: "Fields" });
  await expect(fields.getByRole("link", { name: workspace.activeSprint.name })).toBeVisible();
  await expect(fields.getByText("No one has been asked to vote.")).toBeVisible();
  await expect(fields.getByRole("button", { name: /^Sprints/ })).toBeEnabled();

  const issueRequests = sent.filter((request) => request.operation === "viewedWorkspaceIssue");
  expect(issueRequests).toHaveLength(1);
  // Read with the issue, or sent while its answer was on its way: none after it.
  const late = sent.filter((request) => request.afterIssue && SIDEBAR_OPERATIONS.includes(request.operation));
  expect(late).toEqual([]);
});
