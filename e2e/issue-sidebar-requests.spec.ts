import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { backlogIssues, runningSprintWith } from "./support/sprints.js";

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
  const sprint = await runningSprintWith(page, owner, workspaceId, [ids["Receipt emails"] ?? ""]);

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
  await expect(fields.getByRole("link", { name: sprint.name })).toBeVisible();
  await expect(fields.getByText("No one has been asked to vote.")).toBeVisible();
  await expect(fields.getByRole("button", { name: /^Sprints/ })).toBeEnabled();

  const issueRequests = sent.filter((request) => request.operation === "viewedWorkspaceIssue");
  expect(issueRequests).toHaveLength(1);
  // Read with the issue, or sent while its answer was on its way: none after it.
  const late = sent.filter((request) => request.afterIssue && SIDEBAR_OPERATIONS.includes(request.operation));
  expect(late).toEqual([]);
});
