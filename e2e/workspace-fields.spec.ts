import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";

test("an admin sets up priorities, a release and the estimate scale in the workspace settings", async ({ page }) => {
  const admin = await createAccount(page.request, "fields-admin");
  const suffix = Date.now().toString(36);
  const { workspaceIds } = await createOrganizationWithWorkspaces(page.request, admin, `Fields ${suffix}`, [
    { name: "Planning" },
  ]);
  const workspaceId = workspaceIds[0] ?? "";
  await signInAs(page, admin);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}`);
  await page.getByRole("button", { name: "Workspace settings" }).click();
  const settings = page.getByRole("complementary", { name: "Workspace settings" });

  const priorities = settings.getByRole("region", { name: "Priorities" });
  for (const name of ["Urgent", "Normal", "Someday"]) {
    await priorities.getByRole("textbox", { name: "Name" }).fill(name);
    await priorities.getByRole("button", { name: "Add priority" }).click();
    await expect(priorities.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  }
  await priorities.getByRole("button", { name: "Move Someday up" }).click();
  const order = priorities.getByRole("list", { name: "Priorities, highest first" }).getByRole("listitem");
  await expect(order).toHaveText(["Urgent", "Someday", "Normal"]);

  const releases = settings.getByRole("region", { name: "Releases" });
  await releases.getByRole("button", { name: "New release" }).click();
  await releases.getByRole("textbox", { name: "Title" }).fill("Spring launch");
  await releases.getByLabel("Start").fill("2027-03-01");
  await releases.getByLabel("End").fill("2027-04-15");
  await releases.getByRole("button", { name: "Create release" }).click();
  await expect(releases.getByText("Mar 1, 2027 – Apr 15, 2027")).toBeVisible();

  const estimates = settings.getByRole("region", { name: "Estimates" });
  await estimates.getByRole("textbox", { name: "Points" }).fill("0.5");
  await estimates.getByRole("button", { name: "Add to scale" }).click();
  await expect(estimates.getByRole("list", { name: "Estimate scale" }).getByRole("listitem").first()).toHaveText("0.5");

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settings.screenshot({ path: test.info().outputPath(`workspace-fields-${scheme}.png`) });
  }

  // What was set is the workspace's: read back through the API after a reload.
  await page.reload();
  const stored = await gql<{
    workspace: { prioritiesConnection: { nodes: { name: string; rank: number }[] }; estimateSet: { values: number[] } };
  }>(
    page.request,
    admin,
    "query ($id: ID!) { workspace(id: $id) { prioritiesConnection { nodes { name rank } } estimateSet { values } } }",
    {
      id: workspaceId,
    },
  );
  expect(stored.workspace.prioritiesConnection.nodes).toEqual([
    { name: "Urgent", rank: 1 },
    { name: "Someday", rank: 2 },
    { name: "Normal", rank: 3 },
  ]);
  expect(stored.workspace.estimateSet.values).toEqual([0.5, 1, 2, 3, 5, 8, 13, 21, 40]);
});

test("cards show their priority, and a pipeline sorts by it, highest first and unprioritised last", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await createAccount(page.request, "priority-sort");
  const suffix = Date.now().toString(36);
  const { workspaceIds } = await createOrganizationWithWorkspaces(page.request, admin, `Prioritised ${suffix}`, [
    { name: "Sorted by priority" },
  ]);
  const workspaceId = workspaceIds[0] ?? "";
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string }; pipelines: { name: string }[] } }>(
    page.request,
    admin,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { name } } }",
    { id: workspaceId },
  );
  const repositoryId = workspace.gantryRepository.id;
  // Created in this order, each on top: the board order is the reverse.
  const titles = ["banana", "Apple", "cherry", "Date"];
  for (const title of titles) {
    await gql(
      page.request,
      admin,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      {
        input: { repositoryId, title },
      },
    );
  }
  const priorityId = async (name: string, color: string) =>
    (
      await gql<{ createPriority: { priority: { id: string } } }>(
        page.request,
        admin,
        "mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id } } }",
        { input: { workspaceId, name, color } },
      )
    ).createPriority.priority.id;
  const high = await priorityId("High", "#d1242f");
  const low = await priorityId("Low", "#1f883d");
  const prioritise = (id: string, numbers: number[]) =>
    gql(
      page.request,
      admin,
      "mutation ($input: SetIssueInfoPrioritiesInput!) { setIssueInfoPriorities(input: $input) { pipelineIssues { issue { id } } } }",
      { input: { priorityId: id, issues: numbers.map((issueNumber) => ({ repositoryId, issueNumber })) } },
    );
  await prioritise(high, [2, 3]);
  await prioritise(low, [1]);

  await signInAs(page, admin);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  const pipelineName = workspace.pipelines[0]?.name ?? "";
  const cards = page.getByRole("list", { name: `Issues in ${pipelineName}` }).getByRole("listitem");
  const titlesShown = async () =>
    (await cards.allInnerTexts()).map((text) => titles.find((title) => text.includes(title)));
  await expect.poll(titlesShown).toEqual(["Date", "cherry", "Apple", "banana"]);
  await expect(cards.filter({ hasText: "cherry" }).getByTitle("Priority: High")).toBeVisible();

  await page.getByRole("button", { name: `Sort ${pipelineName}: Manual (board order)` }).click();
  await page.getByRole("menuitemradio", { name: "Priority: highest first" }).click();
  await expect(page.getByText("Sorted by priority: highest first · reordering is off while sorted")).toBeVisible();
  await expect.poll(titlesShown).toEqual(["cherry", "Apple", "banana", "Date"]);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`board-priority-sort-${scheme}.png`) });
  }
  await page.reload();
  await expect.poll(titlesShown).toEqual(["cherry", "Apple", "banana", "Date"]);
});
