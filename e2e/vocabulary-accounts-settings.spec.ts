import { expect, test } from "@playwright/test";
import {
  createAccount,
  createNativeIssue,
  createOrganizationWithWorkspaces,
  requestAccess,
  signInAs,
} from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { vocabularyShots } from "./support/screenshots.js";

/**
 * Issue #33's visual check for the sign-in pages, /landing, the test repository dialog, a
 * workspace's repositories and settings, the organisation menu and settings, a pipeline's
 * "Select all" and a comment's actions: light and dark, before and after they moved onto
 * `apps/web/src/ui/`. The files go to `docs/screenshots/vocabulary/<name>-<scheme>-<VOCABULARY_SHOTS>.png`
 * when that is set ("before" or "after"); otherwise to the test's output folder.
 */
test("the sign-in pages, light and dark", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await vocabularyShots(page, "login");
  const returnTo = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/auth-callback.html";
  await page.goto(`/extension/sign-in?state=vocabulary&return_to=${encodeURIComponent(returnTo)}`);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await vocabularyShots(page, "extension-sign-in");
});

test("landing, repositories, workspace and organisation settings, the board and a comment, light and dark", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Fixed names, so the before and after pictures (each on a fresh server and sandbox) read the same.
  const login = "vocabulary-39";
  const owner = await signInWithGitHub(page.request, { newLogin: login });
  const github = await sandboxApi(page.request, login);
  expect((await github.post("/user/repos", { name: "launch" })).status()).toBe(201);
  expect((await github.post(`/repos/${login}/launch/issues`, { title: "Plan the launch" })).status()).toBe(201);
  const organization = "Vocabulary Settings Co";
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, organization, [{ name: "Delivery" }]);
  // Someone waiting to join, so the settings' request list has a row.
  const asker = await createAccount(page.request, "vocabulary-asker");
  await requestAccess(page.request, asker, organizationId);
  await connectRepository(page.request, owner, workspaceId, "launch", 1);
  await createNativeIssue(page.request, owner, workspaceId, "Write the docs");
  await signInAs(page, owner);

  await page.goto(`/workspaces/${workspaceId}`);
  const repositories = page.getByRole("region", { name: "Repositories" });
  await expect(repositories.getByText(/Imported/)).toBeVisible();
  await vocabularyShots(page, "workspace-repositories");

  await page.getByRole("button", { name: "Workspace settings" }).click();
  const settings = page.getByRole("complementary", { name: "Workspace settings" });
  const priorities = settings.getByRole("region", { name: "Priorities" });
  await priorities.getByRole("textbox", { name: "Name" }).fill("Urgent");
  await priorities.getByRole("button", { name: "Add priority" }).click();
  await expect(priorities.getByRole("listitem").filter({ hasText: "Urgent" })).toBeVisible();
  await priorities.getByRole("button", { name: /Delete Urgent/ }).click();
  await expect(page.getByRole("dialog", { name: "Delete Urgent?" })).toBeVisible();
  await vocabularyShots(page, "priority-delete");
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/landing");
  await expect(page.getByRole("region", { name: "Recently viewed" })).toBeVisible();
  await expect(page.getByRole("region", { name: "GitHub" })).toContainText(`Connected as @${login}`);
  await expect(page.getByRole("button", { name: "Hide tutorials" })).toBeVisible();
  await vocabularyShots(page, "landing");
  await page.getByRole("button", { name: /Switch organization/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await vocabularyShots(page, "organization-menu");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Create test repository" }).click();
  const modal = page.getByRole("dialog", { name: "Create test repository" });
  await expect(modal.getByRole("button", { name: /GitHub organization/ })).toContainText(`@${login}`);
  await vocabularyShots(page, "create-test-repository");
  await modal.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`/settings/o/${encodeURIComponent(organization)}`);
  await expect(page.getByRole("heading", { level: 1, name: organization })).toBeVisible();
  await expect(page.getByText(/asks to join/)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Suggest acceptance criteria/ })).toBeEnabled();
  await vocabularyShots(page, "organization-settings-page");

  await page.goto(`/workspaces/${workspaceId}/board`);
  await expect(page.locator("article", { hasText: "Write the docs" })).toBeVisible();
  await page.getByRole("button", { name: "Select issues" }).click();
  await expect(page.getByRole("button", { name: /Select all in/ }).first()).toBeVisible();
  await vocabularyShots(page, "board-select-all");
  await page.getByRole("button", { name: "Done selecting" }).click();

  await page.locator("article", { hasText: "Write the docs" }).getByRole("link", { name: "Write the docs" }).click();
  const viewer = page.getByRole("dialog", { name: /Issue #/ });
  const activity = viewer.getByRole("region", { name: "Activity" });
  await activity.getByRole("textbox", { name: "Comment" }).fill("First pass is *done*");
  await activity.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(activity.getByRole("button", { name: "Edit" })).toBeVisible();
  await vocabularyShots(page, "issue-comment");
});
