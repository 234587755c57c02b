import { expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, gql, signInAs, workspaceWithNativeIssues } from "./support/gantry-api.js";
import { screenshots } from "./support/screenshots.js";

/** Created in this order, each on top of the first pipeline: board order is the reverse. */
const TITLES = ["banana", "Apple", "cherry", "Date"];

/** A workspace whose first pipeline holds the native issues above; answers its id and that pipeline's name. */
async function boardWithIssues(page: Page, account: Account) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const { workspaceId } = await workspaceWithNativeIssues(
    page.request,
    account,
    { organization: `Sorting Co ${suffix}`, workspace: "Sorted" },
    TITLES.map((title) => ({ title })),
  );
  const { workspace } = await gql<{ workspace: { pipelines: { name: string }[] } }>(
    page.request,
    account,
    "query ($id: ID!) { workspace(id: $id) { pipelines { name } } }",
    { id: workspaceId },
  );
  return { workspaceId, pipelineName: workspace.pipelines[0]?.name ?? "" };
}

test("sort a pipeline Title A–Z, see its order, reload and find it still sorted, then back to manual", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(page.request, "sorting");
  const { workspaceId, pipelineName } = await boardWithIssues(page, account);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);

  const cards = page.getByRole("list", { name: `Issues in ${pipelineName}` }).getByRole("listitem");
  const titlesShown = async () =>
    (await cards.allInnerTexts()).map((text) => TITLES.find((title) => text.includes(title)));
  const manualOrder = [...TITLES].reverse();
  await expect.poll(titlesShown).toEqual(manualOrder);

  await page.getByRole("button", { name: `Sort ${pipelineName}: Manual (board order)` }).click();
  await expect(page.getByRole("menuitemradio", { name: "Manual (board order)" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await screenshots(page, "board-sort-menu");
  await page.getByRole("menuitemradio", { name: "Title A–Z" }).click();
  const message = page.getByText("Sorted by title A–Z · reordering is off while sorted");
  await expect(message).toBeVisible();
  await expect.poll(titlesShown).toEqual(["Apple", "banana", "cherry", "Date"]);
  await screenshots(page, "board-sorted-pipeline");

  await page.reload();
  await expect(message).toBeVisible();
  await expect.poll(titlesShown).toEqual(["Apple", "banana", "cherry", "Date"]);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("zhPipelines_"))),
  ).toHaveLength(1);

  await page.getByRole("button", { name: `Sort ${pipelineName}: Title A–Z` }).click();
  await page.getByRole("menuitemradio", { name: "Manual (board order)" }).click();
  await expect(message).toHaveCount(0);
  await expect.poll(titlesShown).toEqual(manualOrder);
});
