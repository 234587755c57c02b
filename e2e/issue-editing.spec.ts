import { expect, type Page, test } from "@playwright/test";
import { sandboxURL } from "./playwright.config.js";
import { signInAs } from "./support/gantry-api.js";
import { launchWorkspace } from "./support/github-sandbox.js";

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("edits a native issue (title, body, comment, close and reopen) and a GitHub issue's title, with the timeline", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const login = `editing-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { owner, workspaceId } = await launchWorkspace(page.request, login, `Editing Co ${login}`);

  await signInAs(page, owner);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);

  // A native issue, created from the board: its card shows at once and becomes issue #1.
  await page.getByRole("button", { name: "New issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await dialog.getByLabel("Title").fill("Write the docs");
  await dialog.getByRole("button", { name: "Create issue" }).click();
  const card = pipeline(page, "New Issues").getByRole("link", { name: "Write the docs" });
  await expect(pipeline(page, "New Issues").locator("article").first()).toHaveAttribute(
    "aria-label",
    "Issue #1: Write the docs",
  );
  await card.click();
  const viewer = page.getByRole("dialog", { name: /Issue #/ });

  await viewer.getByRole("button", { name: "Edit title" }).click();
  await viewer.getByRole("textbox", { name: "Title" }).fill("Write the user guide");
  await viewer.getByRole("textbox", { name: "Title" }).press("Enter");
  await expect(viewer.getByRole("heading", { name: "Write the user guide" })).toBeVisible();

  const description = viewer.getByRole("region", { name: "Description" });
  await description.getByRole("button", { name: "Edit description" }).click();
  await description.getByRole("textbox", { name: "Description" }).fill("Cover **install** and <b>setup</b>");
  await viewer.getByRole("textbox", { name: "Comment" }).fill("A comment being written");
  await page.screenshot({ path: test.info().outputPath("issue-editing-description-write.png") });
  await viewer.getByRole("textbox", { name: "Comment" }).fill("");
  await description.getByRole("tab", { name: "Preview" }).click();
  await expect(description.locator("strong", { hasText: "install" })).toBeVisible();
  await description.getByRole("button", { name: "Save" }).click();
  await expect(description.getByRole("button", { name: "Edit description" })).toBeVisible();
  await expect(description.locator("strong", { hasText: "install" })).toBeVisible();

  const activity = viewer.getByRole("region", { name: "Activity" });
  await activity.getByRole("textbox", { name: "Comment" }).fill("First pass is *done*");
  await activity.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(activity.getByRole("listitem").filter({ hasText: "First pass is done" })).toBeVisible();

  await viewer.getByRole("button", { name: "Close issue" }).click();
  await expect(viewer.getByRole("button", { name: "Reopen issue" })).toBeVisible();
  await viewer.getByRole("button", { name: "Reopen issue" }).click();
  await expect(viewer.getByRole("button", { name: "Close issue" })).toBeVisible();

  await expect(activity).toContainText("changed the title from “Write the docs” to “Write the user guide”");
  await expect(activity).toContainText("edited the description");
  await expect(activity).toContainText("closed this");
  await expect(activity).toContainText("reopened this");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`issue-editing-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  // The edits were stored: the issue's own page reads them again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Write the user guide" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" })).toContainText("First pass is done");

  // A GitHub issue's title is written on GitHub.
  await page.goto(`/workspaces/${workspaceId}/board`);
  await pipeline(page, "New Issues").getByRole("link", { name: "Plan the launch" }).click();
  const githubViewer = page.getByRole("dialog", { name: /Issue #/ });
  await githubViewer.getByRole("button", { name: "Edit title" }).click();
  await githubViewer.getByRole("textbox", { name: "Title" }).fill("Plan the launch party");
  await githubViewer.getByRole("textbox", { name: "Title" }).press("Enter");
  await expect(githubViewer.getByRole("heading", { name: "Plan the launch party" })).toBeVisible();
  const onGitHub = await page.request.get(`${sandboxURL}/repos/${login}/launch/issues/1`);
  expect(await onGitHub.json()).toMatchObject({ title: "Plan the launch party" });
  await expect(githubViewer.getByRole("region", { name: "Activity" })).toContainText(
    "changed the title from “Plan the launch” to “Plan the launch party”",
  );
  await expect(githubViewer.getByRole("button", { name: "Delete issue" })).toHaveCount(0);
});
