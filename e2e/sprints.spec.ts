import { expect, type Page, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { backlogIssues, fillSprintsFromPipeline, openSprintSettings, serverClock } from "./support/sprints.js";

const card = (page: Page, title: string) => page.locator("article", { hasText: title });
const themes = ["light", "dark"] as const;

test("two-week sprints from Backlog: predicted badge, onboarding card, assignment and carry-over", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await createAccount(page.request, "sprints");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Sprint Co ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  await backlogIssues(page, owner, workspaceId, [
    { title: "Checkout on Safari", points: 3 },
    { title: "Receipt emails", points: 3 },
    { title: "Gift cards", points: 5 },
  ]);
  const today = (await serverClock(page)).toISOString().slice(0, 10);

  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/board`);
  await expect(card(page, "Gift cards")).toBeVisible();

  // Set up: two-week sprints from today in UTC, filled from Backlog, 6 points each.
  const modal = await openSprintSettings(page);
  await expect(modal.getByLabel("Length")).toHaveValue("2");
  await fillSprintsFromPipeline(modal, { startOn: today, pipeline: "Backlog", points: 6 });
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await modal.screenshot({ path: test.info().outputPath(`sprints-modal-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await modal.getByRole("button", { name: "Start sprints" }).click();
  await expect(modal).toBeHidden();

  // The top 6 points go to the next sprint; Gift cards is forecast for the one after.
  await page.reload();
  await expect(card(page, "Checkout on Safari").getByText(/^Next Sprint: /)).toBeVisible();
  await expect(card(page, "Gift cards").getByText(/^Predicted Sprint: /)).toBeVisible();
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`board-predicted-sprints-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  // The issue: its badge beside the Sprints button and the onboarding card below it.
  // Created last-first, so Gift cards, at the bottom of Backlog, is #1.
  await page.goto(`/workspaces/${workspaceId}/issues/1`);
  const fields = page.getByRole("region", { name: "Fields" });
  await expect(fields.getByRole("button", { name: /^Sprints/ })).toBeEnabled();
  await expect(fields.getByText(/^Predicted Sprint: /)).toBeVisible();
  const onboarding = page.getByRole("region", { name: "Predicted sprints" });
  await expect(onboarding).toContainText(
    "This issue will be assigned to the above Sprint based on your current Backlog configuration.",
  );
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await fields.screenshot({
      path: test.info().outputPath(`issue-sprint-field-${theme}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await onboarding.getByRole("button", { name: "Dismiss predicted sprints" }).click();
  await expect(onboarding).toBeHidden();
  await page.reload();
  await expect(fields.getByText(/^Predicted Sprint: /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Predicted sprints" })).toBeHidden();

  // Assign the running sprint from the selector (S opens it); the pick applies when the list closes.
  await page.keyboard.press("s");
  const picker = page.getByRole("dialog", { name: "Add this issue to any sprint" });
  await expect(picker.getByRole("tab", { name: "Open" })).toHaveAttribute("aria-selected", "true");
  await expect(picker.getByText("New sprints will be created continuously as each sprint ends")).toBeVisible();
  const optionName = async (index: number) =>
    ((await picker.getByRole("option").nth(index).locator("span span").first().textContent()) ?? "").trim();
  const runningName = await optionName(0);
  const nextName = await optionName(1);
  expect(runningName).toMatch(/^Sprint: /);
  await expect(picker.getByRole("option").nth(2)).toContainText("Predicted");
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await picker.screenshot({ path: test.info().outputPath(`sprint-picker-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await picker.getByRole("option").first().click();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(fields.getByRole("link", { name: runningName })).toBeVisible();
  await page.reload();
  await expect(fields.getByRole("link", { name: runningName })).toBeVisible();

  // Past the running sprint's end: it closes and the unfinished issue carries over to the next sprint.
  const { workspace } = await gql<{ workspace: { activeSprint: { endAt: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { activeSprint { endAt } } }",
    { id: workspaceId },
  );
  const now = await serverClock(page);
  await serverClock(page, new Date(workspace.activeSprint.endAt).getTime() - now.getTime() + 60_000);
  await page.reload();
  // The closed sprint stays in the issue's history; the issue is now in the sprint that followed it too.
  await expect(fields.getByRole("link", { name: runningName })).toBeVisible();
  const carried = fields.getByRole("link", { name: nextName });
  await expect(carried).toBeVisible();

  // The sprint page: scope and points, and the way to the board.
  await carried.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextName);
  await expect(page.getByText("Current sprint")).toBeVisible();
  await expect(page.getByText(/^1 issue · 0 closed$/)).toBeVisible();
  await expect(page.getByText("5 points")).toBeVisible();
  await expect(page.getByText(/^\d+ issues? · \d+ closed$/)).toBeVisible();
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`sprint-page-${theme}.png`) });
  }
});
