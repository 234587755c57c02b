import { expect, test } from "@playwright/test";
import {
  createAccount,
  createNativeIssue,
  createOrganizationWithWorkspaces,
  gql,
  signInAs,
  workspaceWithNativeIssues,
} from "./support/gantry-api.js";
import { twoWeekSprints } from "./support/sprints.js";

/** Issue #27's gaps between features, each where the web's state meets the server's answers. */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("the workspace page counts what its board holds", async ({ page }) => {
  const owner = await createAccount(page.request, "workspace-counts");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, unique("Counts"), [{ name: "Web" }]);
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  for (const title of ["Sign-in page", "Password reset"]) {
    await gql(
      page.request,
      owner,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      {
        input: { repositoryId: workspace.gantryRepository.id, title },
      },
    );
  }
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}`);
  const newIssues = page.getByRole("region", { name: "New Issues" });
  await expect(newIssues.getByText("2 Issues / 0 PRs / 0 Points")).toBeVisible();
  await expect(newIssues.getByText("No issues yet")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Backlog" }).getByText("No issues yet")).toBeVisible();
  await newIssues.getByRole("link", { name: "Open on the board" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${encodeURIComponent(workspaceId)}/board`));
});

test("the header names the organisation of the page open, not the first one", async ({ page }) => {
  const owner = await createAccount(page.request, "two-orgs");
  const first = unique("Alpha");
  const second = unique("Beta");
  await createOrganizationWithWorkspaces(page.request, owner, first, [{ name: "Alpha web" }]);
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, second, [{ name: "Beta web" }]);
  await signInAs(page, owner);
  const switcher = page.getByRole("button", { name: /Switch organization$/ });
  for (const path of [
    `/workspaces/${workspaceId}`,
    `/workspaces/${workspaceId}/board`,
    `/workspaces/${workspaceId}/roadmap`,
    `/organizations/${organizationId}/planning`,
    `/organizations/${organizationId}/roadmap`,
  ]) {
    await page.goto(path);
    await expect(switcher, path).toHaveAccessibleName(`Organization: ${second}. Switch organization`);
  }
});

test("the board's display settings show and hide estimates and releases", async ({ page }) => {
  const owner = await createAccount(page.request, "display");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, unique("Display"), [{ name: "Web" }]);
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const created = await gql<{ createIssue: { issue: { id: string } } }>(
    page.request,
    owner,
    "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
    { input: { repositoryId: workspace.gantryRepository.id, title: "Checkout button" } },
  );
  const issueId = created.createIssue.issue.id;
  await gql(
    page.request,
    owner,
    "mutation ($id: ID!) { setEstimate(input: { issueId: $id, value: 5 }) { issue { id } } }",
    {
      id: issueId,
    },
  );
  const release = await gql<{ createRelease: { release: { id: string } } }>(
    page.request,
    owner,
    `mutation ($workspaceId: ID!) { createRelease(input: { workspaceId: $workspaceId, release: { title: "v1.0" } }) { release { id } } }`,
    { workspaceId },
  );
  await gql(
    page.request,
    owner,
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToReleases(input: { issueIds: $issueIds, releaseIds: $ids }) { successCount } }",
    { issueIds: [issueId], ids: [release.createRelease.release.id] },
  );
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/board`);
  const card = page.getByRole("article", { name: /Checkout button/ });
  await expect(card.getByText("Estimate: 5", { exact: false })).toHaveCount(1);
  await expect(card.getByRole("listitem", { name: "Release: v1.0" })).toBeVisible();

  await page.getByText("Display", { exact: true }).click();
  for (const name of ["Sprints", "Milestones", "Releases", "Estimates"])
    await expect(page.getByRole("checkbox", { name, exact: true })).toBeChecked();
  await page.getByRole("checkbox", { name: "Estimates", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Releases", exact: true }).uncheck();
  await expect(card.getByText("Estimate: 5", { exact: false })).toHaveCount(0);
  await expect(card.getByRole("listitem", { name: "Release: v1.0" })).toHaveCount(0);
  await expect(card).toContainText("Checkout button");
});

test("an empty Priority picker sends an admin to the priorities settings, and the priority added there is offered", async ({
  page,
}) => {
  const owner = await createAccount(page.request, "priorities");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, unique("Priorities"), [{ name: "Web" }]);
  await createNativeIssue(page.request, owner, workspaceId, "Slow search");
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/issues/1`);
  const fields = page.getByRole("region", { name: "Fields" });
  await fields.getByRole("button", { name: "Priority", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Set this issue's priority" });
  await expect(picker.getByRole("option")).toHaveText(["No priority"]);
  await picker.getByRole("link", { name: "Add priorities in the workspace settings" }).click();

  const priorities = page.getByRole("region", { name: "Priorities" });
  await expect(priorities.getByText("No priorities yet.")).toBeVisible();
  await priorities.getByRole("textbox", { name: "Name" }).fill("Urgent");
  await priorities.getByRole("button", { name: "Add priority" }).click();
  await expect(priorities.getByRole("listitem").filter({ hasText: "Urgent" })).toBeVisible();

  await page.goto(`/workspaces/${workspaceId}/issues/1`);
  await fields.getByRole("button", { name: "Priority", exact: true }).click();
  await expect(picker.getByRole("option")).toHaveText(["No priority", "Urgent"]);
  await expect(picker.getByRole("link", { name: "Add priorities in the workspace settings" })).toHaveCount(0);
});

test("Ctrl K finds the roadmap, a report, a sprint, and an issue by title or number", async ({ page }) => {
  const owner = await createAccount(page.request, "palette");
  const { workspaceId } = await workspaceWithNativeIssues(
    page.request,
    owner,
    { organization: unique("Palette"), workspace: "Storefront" },
    [{ title: "Checkout is slow" }, { title: "Coupon field" }],
  );
  await twoWeekSprints(page, owner, workspaceId, new Date().toISOString().slice(0, 10));
  const { workspace: planned } = await gql<{ workspace: { activeSprint: { name: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { activeSprint { name } } }",
    { id: workspaceId },
  );
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Storefront" })).toBeVisible();
  const palette = page.getByRole("dialog", { name: "Command palette" });
  const search = async (text: string) => {
    await page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill(text);
  };

  await search("roadmap");
  await palette.getByRole("option", { name: "Storefront: Roadmap" }).click();
  await expect(page).toHaveURL(/\/roadmap$/);

  await search("burndown");
  await palette.getByRole("option", { name: "Storefront: Sprint burndown" }).click();
  await expect(page).toHaveURL(/\/reports\/burndown$/);

  await search(planned.activeSprint.name);
  await palette.getByRole("option", { name: planned.activeSprint.name }).click();
  await expect(page).toHaveURL(/\/sprints\/[^/]+$/);

  await search("checkout");
  await expect(palette.getByRole("option", { name: "#1 Checkout is slow" })).toBeVisible();
  await page.keyboard.press("Escape");
  await search("#2");
  await palette.getByRole("option", { name: "#2 Coupon field" }).click();
  await expect(page).toHaveURL(/\/issues\/2$/);
  await expect(page.getByRole("heading", { name: "Coupon field" })).toBeVisible();
});

test("going offline is noticed at once, not at the next 30 s poll, and coming back clears it", async ({
  page,
  context,
}) => {
  const owner = await createAccount(page.request, "offline");
  await signInAs(page, owner);
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
  await context.setOffline(true);
  const notice = page.getByText("Looks like you're offline. Some actions may not work");
  await expect(notice).toBeVisible({ timeout: 3_000 });
  await context.setOffline(false);
  await expect(notice).toBeHidden({ timeout: 6_000 });
});
