import { expect, type Page, test } from "@playwright/test";
import { createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const TITLE = "Checkout button does nothing on Safari";

test("a card opens in the flyover at its address, survives a reload, and opens as a page in a new tab", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const login = `viewer-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = await signInWithGitHub(page.request, { newLogin: login });
  const github = await sandboxApi(page.request, login);
  expect((await github.post("/user/repos", { name: "shop" })).status()).toBe(201);
  const body = "Clicking **Pay now** does nothing.\n\n- Safari 17\n- macOS 14\n\n<script>window.hacked = 1</script>";
  expect((await github.post(`/repos/${login}/shop/issues`, { title: TITLE, body })).status()).toBe(201);
  expect((await github.post(`/repos/${login}/shop/issues`, { title: "Add dark mode" })).status()).toBe(201);
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `Viewer Co ${login}`, [{ name: "Shop" }]);
  await connectRepository(page.request, account, workspaceId, "shop", 2);

  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  await pipeline(page, "New Issues").getByRole("link", { name: TITLE }).click();

  const issuePath = `/workspaces/${encodeURIComponent(workspaceId)}/issues/${login}/shop/1`;
  const flyover = page.getByRole("dialog", { name: "Issue #1" });
  await expect(flyover.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === issuePath);
  await expect(flyover.locator("strong", { hasText: "Pay now" })).toBeVisible();
  await expect(flyover.getByText("New Issues")).toBeVisible();
  expect(await page.evaluate(() => "hacked" in window)).toBe(false);
  await page.screenshot({ path: test.info().outputPath("issue-flyover-1440-light.png") });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: test.info().outputPath("issue-flyover-1440-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });

  // A reload keeps the board with the flyover on top.
  await page.reload();
  await expect(flyover.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(pipeline(page, "New Issues")).toBeAttached();

  // Open in new tab: the same address, as the issue's own page.
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    flyover.getByRole("link", { name: "Open in new tab" }).click(),
  ]);
  await expect(tab.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe(issuePath);
  await expect(tab.getByRole("dialog")).toHaveCount(0);
  await expect(tab.getByRole("link", { name: "Back to the board" })).toBeVisible();
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.screenshot({ path: test.info().outputPath("issue-page-1440-light.png") });
  await tab.close();

  // Escape goes back to the board.
  await page.keyboard.press("Escape");
  await expect(flyover).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/workspaces/${encodeURIComponent(workspaceId)}/board$`));
});

test("the condensed view makes cards one line and pipelines narrower", async ({ page }) => {
  test.setTimeout(120_000);
  const login = `condensed-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = await signInWithGitHub(page.request, { newLogin: login });
  const github = await sandboxApi(page.request, login);
  expect((await github.post("/user/repos", { name: "tools" })).status()).toBe(201);
  expect(
    (await github.post(`/repos/${login}/tools/issues`, { title: "Sharpen the saw", labels: ["bug"] })).status(),
  ).toBe(201);
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `Condensed Co ${login}`, [{ name: "Tools" }]);
  await connectRepository(page.request, account, workspaceId, "tools", 1);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/workspaces/${workspaceId}/board`);

  const column = pipeline(page, "New Issues");
  const card = column.locator("article").first();
  await expect(card).toBeVisible();
  const before = { card: await card.boundingBox(), column: await column.boundingBox() };
  await page.getByText("Display", { exact: true }).click();
  // Multi-column off, so pipelines keep their own width and the condensed width shows.
  await page.getByRole("checkbox", { name: "Multi-column pipelines" }).uncheck();
  const wide = await column.boundingBox();
  await page.getByRole("checkbox", { name: "Condensed view" }).check();
  await expect.poll(async () => (await card.boundingBox())?.height).toBeLessThan(before.card?.height ?? 0);
  expect((await column.boundingBox())?.width).toBeLessThan(wide?.width ?? 0);
  expect(before.column?.width).toBeGreaterThanOrEqual(wide?.width ?? 0);
});
