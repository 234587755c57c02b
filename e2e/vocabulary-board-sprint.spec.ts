import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { openIssue } from "./support/issue-sidebar.js";
import { vocabularyShots } from "./support/screenshots.js";
import { backlogIssues, runningSprintWith } from "./support/sprints.js";

/**
 * Issue #33's visual check for the board, the issue sidebar and the sprint screens: the same
 * screens, light and dark, before and after they moved onto `apps/web/src/ui/`. The files go to
 * `docs/screenshots/vocabulary/<name>-<scheme>-<VOCABULARY_SHOTS>.png` when that is set ("before"
 * or "after"); otherwise to the test's output folder.
 */
test("the board, the issue sidebar and the sprint screens, light and dark, at two widths", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await createAccount(page.request, "vocabulary");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, "Vocabulary Co", [{ name: "Delivery" }]);
  const ids = await backlogIssues(page, owner, workspaceId, [
    { title: "Checkout on Safari", points: 3 },
    { title: "Receipt emails", points: 2 },
    { title: "Gift cards", points: 5 },
    { title: "Refund flow", points: 8 },
  ]);
  const sprint = await runningSprintWith(page, owner, workspaceId, [
    ids["Checkout on Safari"] ?? "",
    ids["Receipt emails"] ?? "",
  ]);

  await signInAs(page, owner);
  for (const width of [1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/workspaces/${workspaceId}/board`);
    await expect(page.locator("article", { hasText: "Refund flow" })).toBeVisible();
    await vocabularyShots(page, `board-${width}`);
  }

  // The selection bar and the bulk actions over two selected cards.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole("button", { name: "Select issues" }).click();
  for (const title of ["Gift cards", "Refund flow"]) {
    await page.locator("article", { hasText: title }).getByRole("checkbox").check();
  }
  await expect(page.getByRole("status").filter({ hasText: "2 selected" })).toBeVisible();
  await vocabularyShots(page, "board-selection");
  if (process.env.VOCABULARY_SHOTS === "after") {
    // The link button part (apps/web/src/ui/Button.tsx, variant "link") as the selection bar shows it.
    const clear = page.getByRole("button", { name: "Clear selection" });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await clear.screenshot({ path: `docs/screenshots/ui-link-button-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.getByRole("button", { name: "Clear selection" }).click();
  await page.getByRole("button", { name: "Done selecting" }).click();

  // The display options and the filter bar's first menu.
  await page.getByText("Display", { exact: true }).click();
  await vocabularyShots(page, "board-display");
  await page.getByText("Display", { exact: true }).click();

  // The issue sidebar in the flyover.
  await openIssue(page, "Checkout on Safari");
  await vocabularyShots(page, "issue-sidebar");
  // The sprint list: the sidebar's sprint picker (S).
  await page.keyboard.press("s");
  await expect(page.getByRole("dialog", { name: "Add this issue to any sprint" })).toBeVisible();
  await vocabularyShots(page, "sprint-picker");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Add this issue to any sprint" })).toBeHidden();
  await page.goto(`/workspaces/${workspaceId}/board`);
  await expect(page.locator("article", { hasText: "Refund flow" })).toBeVisible();

  // Sprint settings, and the sprint page.
  await page.getByRole("button", { name: "Sprint settings" }).click();
  const modal = page.getByRole("dialog").first();
  await expect(modal).toBeVisible();
  await vocabularyShots(page, "sprint-settings");
  await page.keyboard.press("Escape");

  await page.goto(`/workspaces/${workspaceId}/sprints/${sprint.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sprint.name);
  await expect(page.getByText(/^2 issues · 0 closed$/)).toBeVisible();
  await vocabularyShots(page, "sprint-page");
});
