import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Account, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { addRepository, newIssuesCount, signInWithGitHub } from "./support/github-sandbox.js";

/** A workspace with acme/web-app connected and its issues on the board. */
async function boardWithWebApp(request: APIRequestContext, account: Account): Promise<string> {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, account, `Board Co ${suffix}`, [{ name: "Launch board" }]);
  await addRepository(request, account, workspaceId, { ownerName: "acme", name: "web-app" });
  await expect.poll(() => newIssuesCount(request, account, workspaceId), { timeout: 30_000 }).toBeGreaterThan(2);
  return workspaceId;
}

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cards = (column: Locator) => column.getByRole("listitem").locator("article");
const countText = (column: Locator) => column.locator("header p").first();

test("move cards between pipelines by dragging and by keyboard; the moves stay and the counts follow", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // mona, an acme member: github.spec signs in as demo on the same server and expects a fresh account.
  const account = await signInWithGitHub(page.request, { login: "mona" });
  const workspaceId = await boardWithWebApp(page.request, account);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}`);
  await page.getByRole("link", { name: "Board", exact: true }).click();
  await expect(page).toHaveURL(/\/workspaces\/[^/]+\/board$/);

  const newIssues = pipeline(page, "New Issues");
  const backlog = pipeline(page, "Backlog");
  const inProgress = pipeline(page, "In Progress");
  await expect(cards(newIssues).first()).toBeVisible();
  await expect(backlog.getByText("No issues")).toBeVisible();
  await expect(countText(backlog)).toHaveText("0 Issues / 0 Points");
  const newIssuesCount = await countText(newIssues).textContent();
  expect(newIssuesCount).toMatch(/^\d+ Issues? \/ \d+ PRs? \/ 0 Points$/);

  // Drag the first card of New Issues into Backlog.
  const dragged = cards(newIssues).first();
  const draggedLabel = (await dragged.getAttribute("aria-label")) ?? "";
  await dragged.dragTo(backlog.locator("header"));
  await expect(cards(backlog)).toHaveCount(1);
  await expect(cards(backlog).first()).toHaveAttribute("aria-label", draggedLabel);
  await expect(countText(backlog)).toHaveText(/^(1 Issue \/ 0 PRs|0 Issues \/ 1 PR) \/ 0 Points$/);
  await expect(countText(newIssues)).not.toHaveText(newIssuesCount ?? "");
  await expect(cards(backlog).first()).not.toHaveAttribute("aria-busy", "true");

  // It stays after a reload.
  await page.reload();
  await expect(cards(backlog).first()).toHaveAttribute("aria-label", draggedLabel);
  await expect(cards(newIssues).filter({ has: page.locator(`[aria-label="${draggedLabel}"]`) })).toHaveCount(0);

  // By keyboard: pick the Backlog card up, one pipeline right, drop it in In Progress.
  await cards(backlog).first().getByRole("link").focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: /^Picked up #\d+ in Backlog/ })).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(
    page.getByRole("status").filter({ hasText: "would go to In Progress, position 1 of 1." }),
  ).toBeAttached();
  await page.keyboard.press("Enter");
  await expect(cards(inProgress).first()).toHaveAttribute("aria-label", draggedLabel);
  await expect(countText(backlog)).toHaveText("0 Issues / 0 Points");
  await expect(countText(inProgress)).toHaveText(/^(1 Issue \/ 0 PRs|0 Issues \/ 1 PR) \/ 0 Points$/);
  await page.reload();
  await expect(cards(inProgress).first()).toHaveAttribute("aria-label", draggedLabel);

  // Escape puts a picked-up card down where it was.
  await cards(newIssues).first().getByRole("link").focus();
  const firstLabel = await cards(newIssues).first().getAttribute("aria-label");
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(cards(newIssues).first()).toHaveAttribute("aria-label", firstLabel ?? "");

  for (const view of ["normal", "condensed"] as const) {
    if (view === "condensed") {
      await page.getByText("Display", { exact: true }).click();
      await page.getByRole("checkbox", { name: "Condensed view" }).check();
      await page.getByText("Display", { exact: true }).click();
    }
    for (const width of [1440, 480]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: test.info().outputPath(`board-${width}-${view}-${scheme}.png`) });
      }
    }
  }
  // The display options open over the board; full screen covers the app's header.
  await page.getByText("Display", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Labels" })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("board-480-display-options-dark.png") });
  await page.getByText("Display", { exact: true }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "Full screen" }).click();
  await expect.poll(async () => (await page.getByRole("heading", { level: 1 }).boundingBox())?.y).toBeLessThan(40);
  await page.screenshot({ path: test.info().outputPath("board-1440-full-screen-dark.png") });
  await page.getByRole("button", { name: "Exit full screen" }).click();

  // The condensed view is remembered under its own name.
  expect(await page.evaluate(() => localStorage.getItem("isCondensedViewEnabled"))).toBe("true");
});
