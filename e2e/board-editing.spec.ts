import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Account, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { screenshots } from "./support/screenshots.js";

const ISSUE_COUNT = 50;

/** A workspace showing a new repository of `login`'s with ISSUE_COUNT open issues, all in New Issues. */
async function boardWithManyIssues(request: APIRequestContext, account: Account, login: string): Promise<string> {
  const sandbox = await sandboxApi(request, login);
  const created = await sandbox.post("/user/repos", { name: "backlog-cleanup" });
  expect(created.status()).toBe(201);
  for (let number = 1; number <= ISSUE_COUNT; number++) {
    const issue = await sandbox.post(`/repos/${login}/backlog-cleanup/issues`, { title: `Cleanup task ${number}` });
    expect(issue.status()).toBe(201);
  }
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, account, `Editing Co ${login}`, [{ name: "Cleanup board" }]);
  await connectRepository(request, account, workspaceId, "backlog-cleanup", ISSUE_COUNT);
  return workspaceId;
}

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cards = (column: Locator) => column.getByRole("listitem").locator("article");
const countText = (column: Locator) => column.locator("header p").first();
const pipelineNames = (page: Page) =>
  page
    .getByRole("region", { name: "Pipelines" })
    .locator(":scope > section[aria-labelledby]")
    .evaluateAll((sections) => sections.map((section) => section.querySelector("h2")?.textContent ?? ""));

async function pipelineMenu(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: `Pipeline actions: ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("bulk-move 50 issues with progress, then add, rename, reorder and delete pipelines", async ({ page }) => {
  test.setTimeout(180_000);
  const login = `editor-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = await signInWithGitHub(page.request, { newLogin: login });
  const workspaceId = await boardWithManyIssues(page.request, account, login);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);

  const newIssues = pipeline(page, "New Issues");
  const backlog = pipeline(page, "Backlog");
  await expect(countText(newIssues)).toHaveText("50 Issues / 0 PRs / 0 Points");
  await expect(backlog.getByText("No issues")).toBeVisible();

  // Select every card of New Issues in quick-action selection mode.
  await page.getByRole("button", { name: "Select issues" }).click();
  await expect(cards(newIssues).first().getByRole("checkbox")).toBeVisible();
  await page.getByRole("button", { name: "Select all in New Issues" }).click();
  await expect(page.getByText("50 selected")).toBeVisible();
  await screenshots(page, "board-selection-mode");
  // The selection's count, actions and Clear selection keep one line of their own, narrow or wide.
  for (const width of [1280, 1680]) {
    await page.setViewportSize({ width, height: 900 });
    const middle = async (name: string) => {
      const box = await page.getByRole("button", { name }).boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0) / 2;
    };
    expect(Math.abs((await middle("Move…")) - (await middle("Clear selection")))).toBeLessThan(4);
    expect(await middle("Move…")).toBeGreaterThan(await middle("Done selecting"));
    await screenshots(page, `board-selection-bar-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Move them to the bottom of Backlog through the bulk action modal: two requests of 25.
  await page.getByRole("button", { name: "Move…" }).click();
  const modal = page.getByRole("dialog", { name: "Move 50 issues" });
  await modal.getByLabel("Pipeline", { exact: true }).selectOption({ label: "Backlog" });
  await modal.getByLabel("Bottom of the pipeline").check();
  await screenshots(page, "bulk-move-modal");
  await modal.getByRole("button", { name: "Move 50 issues" }).click();
  await expect(modal.getByRole("progressbar", { name: "Progress" })).toBeVisible();
  await expect(modal.getByRole("status")).toHaveText("Done: 50 of 50 issues changed.");
  await screenshots(page, "bulk-move-done");
  await modal.getByRole("button", { name: "Done" }).click();
  await expect(countText(backlog)).toHaveText("50 Issues / 0 PRs / 0 Points");
  await expect(countText(newIssues)).toHaveText("0 Issues / 0 Points");
  // New Issues lists the newest first; the run keeps that order.
  await expect(cards(backlog).first()).toHaveAttribute("aria-label", "Issue #50: Cleanup task 50");
  await page.reload();
  await expect(countText(backlog)).toHaveText("50 Issues / 0 PRs / 0 Points");
  await expect(newIssues.getByText("No issues")).toBeVisible();

  // Add a pipeline: a duplicate name is refused beside the field, Escape cancels, Enter saves.
  await page.getByRole("button", { name: "Add pipeline" }).click();
  const addForm = page.getByRole("form", { name: "Add a pipeline" });
  await addForm.getByLabel("Name").fill("backlog");
  await addForm.getByLabel("Name").press("Enter");
  await expect(addForm.getByText("A pipeline with this name already exists in this workspace.")).toBeVisible();
  await screenshots(page, "add-pipeline-error");
  await addForm.getByLabel("Name").press("Escape");
  await expect(addForm).toBeHidden();
  await page.getByRole("button", { name: "Add pipeline" }).click();
  await addForm.getByLabel("Name").fill("Blocked");
  await addForm.getByLabel(/Description/).fill("Waiting on someone outside the team");
  await addForm.getByLabel("Name").press("Enter");
  await expect(pipeline(page, "Blocked")).toBeVisible();

  // Rename it in place, and move it left of Done by keyboard through its menu.
  await pipelineMenu(page, "Blocked", "Rename");
  const editForm = page.getByRole("form", { name: "Edit pipeline Blocked" });
  await editForm.getByLabel("Name").fill("On hold");
  await editForm.getByLabel("Name").press("Enter");
  await expect(pipeline(page, "On hold")).toBeVisible();
  await page.getByRole("button", { name: "Pipeline actions: On hold" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Move left" })).toBeFocused();
  await screenshots(page, "pipeline-menu");
  await page.keyboard.press("Enter");
  await expect
    .poll(() => pipelineNames(page))
    .toEqual(["New Issues", "Icebox", "Backlog", "In Progress", "Review/QA", "On hold", "Done", "Closed"]);

  // Drag Icebox by its header onto the right half of In Progress's: it moves there at once and stays after a reload.
  const target = pipeline(page, "In Progress").locator("header");
  const targetBox = await target.boundingBox();
  await pipeline(page, "Icebox")
    .locator("header")
    .dragTo(target, {
      sourcePosition: { x: 24, y: 12 },
      targetPosition: { x: (targetBox?.width ?? 0) - 24, y: 12 },
    });
  const dragged = ["New Issues", "Backlog", "In Progress", "Icebox", "Review/QA", "On hold", "Done", "Closed"];
  await expect.poll(() => pipelineNames(page)).toEqual(dragged);
  await page.reload();
  await expect.poll(() => pipelineNames(page)).toEqual(dragged);

  // Delete Backlog: its 50 issues go to On hold once the name is typed out.
  await pipelineMenu(page, "Backlog", "Delete pipeline");
  const dialog = page.getByRole("dialog", { name: "Delete pipeline Backlog?" });
  await dialog.getByLabel("Move its issues to").selectOption({ label: "On hold" });
  const confirm = dialog.getByRole("button", { name: "Delete pipeline" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type Backlog to confirm").fill("backlog");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type Backlog to confirm").fill("Backlog");
  await screenshots(page, "delete-pipeline-dialog");
  await confirm.click();
  await expect(backlog).toBeHidden();
  await expect(countText(pipeline(page, "On hold"))).toHaveText("50 Issues / 0 PRs / 0 Points");
  await expect(cards(pipeline(page, "On hold")).first()).toBeVisible();
  await page.getByText("Display", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Pipeline descriptions" }).check();
  await page.getByText("Display", { exact: true }).click();
  await expect(pipeline(page, "On hold").getByText("Waiting on someone outside the team")).toBeVisible();
  await screenshots(page, "board-after-editing");
});
