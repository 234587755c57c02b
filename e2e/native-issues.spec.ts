import { expect, type Locator, type Page, test } from "@playwright/test";
import { sandboxURL } from "./playwright.config.js";
import { signInAs } from "./support/gantry-api.js";
import { launchWorkspace } from "./support/github-sandbox.js";

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cards = (column: Locator) => column.getByRole("listitem").locator("article");

async function newIssue(page: Page, options: { repository?: string; title: string; body: string; pipeline: string }) {
  await page.getByRole("button", { name: "New issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New issue" });
  if (options.repository) await dialog.getByLabel("Repository").selectOption({ label: options.repository });
  await dialog.getByLabel("Title").fill(options.title);
  await dialog.getByLabel("Description").fill(options.body);
  await dialog.getByLabel("Pipeline").selectOption({ label: options.pipeline });
  await dialog.getByRole("button", { name: "Create issue" }).click();
  await expect(dialog).toBeHidden();
}

test("creates native and GitHub issues from the board, each on top of its pipeline", async ({ page }) => {
  test.setTimeout(120_000);
  const login = `native-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  const { owner, workspaceId } = await launchWorkspace(page.request, login, `Native Co ${login}`);

  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/board`);
  const backlog = pipeline(page, "Backlog");
  await expect(cards(pipeline(page, "New Issues"))).toHaveCount(1);

  // A native issue: the Gantry repository is the dialog's first choice.
  await newIssue(page, { title: "Draft the press kit", body: "**Logos** and quotes", pipeline: "Backlog" });
  const nativeCard = cards(backlog).first();
  await expect(nativeCard).toHaveAttribute("aria-label", "Issue #1: Draft the press kit");
  await expect(nativeCard).toContainText("Gantry");
  await page.screenshot({ path: test.info().outputPath("board-with-native-issue.png") });

  await page.reload();
  await expect(cards(pipeline(page, "Backlog")).first()).toHaveAttribute("aria-label", "Issue #1: Draft the press kit");

  // A GitHub issue: created on GitHub (the sandbox) and shown on top of its pipeline.
  await newIssue(page, {
    repository: `${login}/launch`,
    title: "Book the venue",
    body: "Somewhere with good Wi-Fi",
    pipeline: "New Issues",
  });
  await expect(cards(pipeline(page, "New Issues")).first()).toHaveAttribute("aria-label", "Issue #2: Book the venue");
  const onGitHub = await page.request.get(`${sandboxURL}/repos/${login}/launch/issues/2`);
  expect(onGitHub.status()).toBe(200);
  expect(await onGitHub.json()).toMatchObject({ title: "Book the venue", body: "Somewhere with good Wi-Fi" });

  await page.reload();
  await expect(cards(pipeline(page, "New Issues")).first()).toHaveAttribute("aria-label", "Issue #2: Book the venue");
  await expect(cards(pipeline(page, "Backlog")).first()).toHaveAttribute("aria-label", "Issue #1: Draft the press kit");
});
