import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, signInAs, workspaceWithNativeIssues } from "./support/gantry-api.js";
import { screenshots } from "./support/screenshots.js";

const ISSUES = [
  { title: "Checkout crashes on submit", labels: ["bug"] },
  { title: "Login page typo", labels: ["bug"] },
  { title: "Login with passkeys", labels: ["feature"] },
  { title: "Dark mode", labels: ["feature"] },
];

/** A workspace whose board holds native issues with labels, made over the API. */
async function boardWithNativeIssues(page: Page, account: Account): Promise<string> {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const { workspaceId } = await workspaceWithNativeIssues(
    page.request,
    account,
    { organization: `Filters Co ${suffix}`, workspace: "Filtered" },
    ISSUES,
  );
  return workspaceId;
}

const board = (page: Page) => page.getByRole("region", { name: "Pipelines" });
const filterBar = (page: Page) => page.getByRole("region", { name: "Filters" });
const chips = (page: Page) => page.getByRole("list", { name: "Active filters" });

/** The board shows exactly these issues (in any pipeline). */
async function expectCards(page: Page, titles: string[]) {
  for (const { title } of ISSUES) {
    const card = board(page).getByText(title, { exact: true });
    if (titles.includes(title)) await expect(card).toBeVisible();
    else await expect(card).toHaveCount(0);
  }
}

async function openSignedIn(browser: Browser, account: Account, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url);
  return page;
}

test("filter the board by label and search, share the link, save a view and open it, clear filters", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(page.request, "filters");
  const workspaceId = await boardWithNativeIssues(page, account);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  await expectCards(
    page,
    ISSUES.map((issue) => issue.title),
  );

  // A label from the workspace's issues, picked in its selection list; labels on native issues carry
  // SPEC's "zh-" prefix (decision 0015).
  await filterBar(page).getByRole("button", { name: "Labels" }).click();
  const labels = page.getByRole("combobox", { name: "Labels" });
  await expect(labels).toHaveAttribute("placeholder", "Filter labels or type not: for exclusions");
  await page.getByRole("option", { name: "zh-bug", exact: true }).click();
  await screenshots(page, "board-filters-labels-open");
  await page.keyboard.press("Escape");
  await expect(labels).toHaveCount(0);
  await expectCards(page, ["Checkout crashes on submit", "Login page typo"]);

  await page.getByRole("searchbox", { name: "Search issues" }).fill("login");
  await expectCards(page, ["Login page typo"]);
  await expect(page).toHaveURL(/labels=zh-bug/);
  await expect(page).toHaveURL(/search=login/);
  await expect(chips(page).getByText("Labels: zh-bug")).toBeVisible();
  await screenshots(page, "board-filters-bar");
  await page.setViewportSize({ width: 480, height: 900 });
  await screenshots(page, "board-filters-bar-480");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The link alone brings the same board to another browser signed in as the same person.
  const shared = await openSignedIn(browser, account, page.url());
  await expectCards(shared, ["Login page typo"]);
  await expect(chips(shared).getByText("Labels: zh-bug")).toBeVisible();
  await expect(shared.getByRole("searchbox", { name: "Search issues" })).toHaveValue("login");
  await shared.context().close();

  // Saved as a view, which the link then names; ?view=<id> alone opens it.
  await filterBar(page).getByRole("button", { name: "Saved views" }).click();
  await page.getByRole("menuitem", { name: "Save current filters as a view…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save current filters as a view" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Login bugs");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/view=/);
  const viewId = new URL(page.url()).searchParams.get("view");
  await filterBar(page).getByRole("button", { name: "Saved views" }).click();
  await expect(page.getByRole("menuitem", { name: "Login bugs", exact: true })).toBeVisible();
  await screenshots(page, "board-filters-saved-views");
  await page.keyboard.press("Escape");

  await page.goto(`/workspaces/${workspaceId}/board?view=${encodeURIComponent(viewId ?? "")}`);
  await expect(chips(page).getByText("Labels: zh-bug")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search issues" })).toHaveValue("login");
  await expect(filterBar(page).getByRole("button", { name: "Saved views" })).toContainText("Login bugs");
  await expectCards(page, ["Login page typo"]);

  // Clear filters keeps the search (§4); clearing the search too shows everything again.
  await filterBar(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(chips(page)).toHaveCount(0);
  await expectCards(page, ["Login page typo", "Login with passkeys"]);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expectCards(
    page,
    ISSUES.map((issue) => issue.title),
  );
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/board$`));
});
