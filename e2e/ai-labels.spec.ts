import { expect, test } from "@playwright/test";
import { createAccount, signInAs, workspaceWithNativeIssues } from "./support/gantry-api.js";
import { screenshots } from "./support/screenshots.js";

/** Past native issues a triager labelled: the workspace's classifier learns from these. */
const HISTORY: [string, string[]][] = [
  ["App crashes on start", ["bug"]],
  ["Crash when saving a file", ["bug"]],
  ["Crash after login with an error", ["bug"]],
  ["Error and crash on export", ["bug"]],
  ["Editor crashes when pasting", ["bug", "editor"]],
  ["Unexpected error crash in the editor", ["bug", "editor"]],
  ["Editor toolbar buttons misaligned", ["editor"]],
  ["Editor loses the cursor position", ["editor"]],
  ["Typo in the README", ["documentation"]],
  ["Document the config options in the README", ["documentation"]],
  ["Docs: explain the CLI flags", ["documentation"]],
  ["README install guide is out of date", ["documentation"]],
  ["Guide: document the plugin API", ["documentation"]],
];

test("suggests labels for an issue from the workspace's own labelled issues; accept adds one, dismiss hides another", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await createAccount(page.request, "ai-labels");
  const { workspaceId } = await workspaceWithNativeIssues(
    page.request,
    owner,
    { organization: `AI Labels ${Date.now().toString(36)}`, workspace: "Triage" },
    [
      ...HISTORY.map(([title, labels]) => ({ title, labels })),
      { title: "The editor crashes with an error when saving" },
    ],
  );
  const number = HISTORY.length + 1;

  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/issues/${number}`);
  const suggestions = page.getByRole("region", { name: "Suggested labels" });
  const bug = suggestions.getByRole("button", { name: /^Add label zh-bug/ });
  await expect(bug).toBeVisible();
  await expect(suggestions.getByRole("button", { name: /^Add label zh-editor/ })).toBeVisible();
  await expect(suggestions.getByRole("button", { name: /^Add label zh-documentation/ })).toHaveCount(0);
  await suggestions.scrollIntoViewIfNeeded();
  await screenshots(page, "ai-label-suggestions");

  // Dismissed from the keyboard: it goes, and stays gone after a reload.
  await suggestions.getByRole("button", { name: "Dismiss suggestion zh-editor" }).focus();
  await page.keyboard.press("Enter");
  await expect(suggestions.getByRole("button", { name: /^Add label zh-editor/ })).toHaveCount(0);

  // Accepted: the label is on the issue and no longer suggested.
  await bug.click();
  const fields = page.getByRole("region", { name: "Fields" });
  await expect(fields.getByText("zh-bug", { exact: true })).toBeVisible();
  await expect(suggestions).toBeHidden();
  await page.reload();
  await expect(page.getByRole("region", { name: "Fields" }).getByText("zh-bug", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fields" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Suggested labels" })).toBeHidden();

  // A new issue: suggestions for the draft, accepted ones created with it.
  await page.goto(`/workspaces/${workspaceId}/board`);
  await page.getByRole("button", { name: "New issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await dialog.getByLabel("Title").fill("The editor crashes with an error on paste");
  const draftBug = dialog.getByRole("button", { name: /^Add label bug/ });
  await expect(draftBug).toBeVisible();
  await screenshots(page, "ai-label-suggestions-new-issue");
  await draftBug.click();
  await expect(dialog.getByRole("list", { name: "Labels" }).getByText("bug", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Create issue" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/workspaces/${workspaceId}/issues/${number + 1}`);
  await expect(page.getByRole("region", { name: "Fields" }).getByText("zh-bug", { exact: true })).toBeVisible();
});
