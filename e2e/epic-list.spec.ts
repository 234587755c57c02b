import { expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { screenshots } from "./support/screenshots.js";

const TITLES = ["Sign-up form", "Welcome mail", "Pricing page", "Audit log"];

/** A workspace with native issues; answers the workspace's id and each issue's id by title. */
async function workspaceWithIssues(page: Page, account: Account) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `Epics Co ${suffix}`, [{ name: "Launch" }]);
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    account,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const ids: Record<string, string> = {};
  for (const title of TITLES) {
    const created = await gql<{ createIssue: { issue: { id: string } } }>(
      page.request,
      account,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title } },
    );
    ids[title] = created.createIssue.issue.id;
  }
  return { workspaceId, ids };
}

test("the epic list shows each Gantry epic's progress, narrows the board to one, and makes new epics; cards show dependencies and sub-issue progress", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(page.request, "epics");
  const { workspaceId, ids } = await workspaceWithIssues(page, account);
  const id = (title: string) => ids[title] ?? "";
  const api = <Data>(query: string, variables: Record<string, unknown>) =>
    gql<Data>(page.request, account, query, variables);

  const { createGantryEpic } = await api<{ createGantryEpic: { gantryEpic: { id: string } } }>(
    'mutation ($workspaceId: ID!) { createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: "Onboarding" } }) { gantryEpic { id } } }',
    { workspaceId },
  );
  await api(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { successCount } }",
    { issueIds: [id("Sign-up form"), id("Welcome mail")], ids: [createGantryEpic.gantryEpic.id] },
  );
  for (const [title, value] of [
    ["Sign-up form", 3],
    ["Welcome mail", 2],
  ] as const)
    await api(
      "mutation ($issueId: ID!, $value: Float) { setEstimate(input: { issueId: $issueId, value: $value }) { issue { id } } }",
      {
        issueId: id(title),
        value,
      },
    );
  await api("mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { successCount } }", {
    ids: [id("Sign-up form")],
  });
  await api(
    "mutation ($blocking: IssueDependencyInput!, $blocked: IssueDependencyInput!) { createBlockage(input: { blocking: $blocking, blocked: $blocked }) { blockage { id } } }",
    { blocking: { id: id("Audit log"), type: "ISSUE" }, blocked: { id: id("Pricing page"), type: "ISSUE" } },
  );
  await api(
    "mutation ($parentId: ID!, $children: [ID!]!) { addSubIssues(input: { parentId: $parentId, childIssueIds: $children }) { successCount } }",
    { parentId: id("Pricing page"), children: [id("Welcome mail"), id("Sign-up form")] },
  );

  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  const pricing = page.getByRole("article").filter({ hasText: "Pricing page" });
  await expect(pricing.getByLabel("Blocked by 1 issue")).toBeVisible();
  await expect(pricing.getByLabel("Sub-issues done: 1/2")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Audit log" }).getByLabel("Blocking 1 issue")).toBeVisible();

  await page.getByText("Display", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Sub-issue progress in points" }).check();
  await expect(pricing.getByLabel("Sub-issues done: 3/5 pts")).toBeVisible();
  await page.getByRole("checkbox", { name: "Epic list" }).check();
  await page.getByText("Display", { exact: true }).click();

  const list = page.getByRole("complementary", { name: "Epics" });
  const onboarding = list.getByRole("button", { name: /^Onboarding/ });
  await expect(onboarding).toContainText("1/2 issues · 3/5 points");
  await screenshots(page, "board-epic-list");

  await onboarding.click();
  await expect(onboarding).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article").filter({ hasText: "Welcome mail" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Audit log" })).toHaveCount(0);
  await onboarding.click();
  await expect(page.getByRole("article").filter({ hasText: "Audit log" })).toBeVisible();

  await list.getByRole("button", { name: "New epic" }).click();
  await list.getByLabel("Epic title").fill("Billing");
  await screenshots(page, "board-epic-list-new");
  await list.getByRole("button", { name: "Create epic" }).click();
  await expect(list.getByRole("button", { name: /^Billing/ })).toContainText("0/0 issues · 0/0 points");

  // On a phone the list sits above the pipelines rather than squeezing them.
  await page.setViewportSize({ width: 480, height: 900 });
  const listBox = await list.boundingBox();
  const pipelinesBox = await page.getByRole("region", { name: "Pipelines" }).boundingBox();
  expect(listBox && pipelinesBox && listBox.y + listBox.height <= pipelinesBox.y).toBe(true);
  await screenshots(page, "board-epic-list-narrow");
});
