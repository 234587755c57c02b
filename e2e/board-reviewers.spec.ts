import { expect, test } from "@playwright/test";
import { createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { screenshots } from "./support/screenshots.js";

test("a pull request's card shows who is asked to review it; a new request arrives live; the toggle hides them", async ({
  page,
}) => {
  const login = `reviewed-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = await signInWithGitHub(page.request, { newLogin: login });
  const sandbox = await sandboxApi(page.request, login);
  const repo = `/repos/${login}/review-queue`;
  expect((await sandbox.post("/user/repos", { name: "review-queue" })).status()).toBe(201);
  for (const reviewer of ["mona", "hubot"])
    expect((await sandbox.put(`${repo}/collaborators/${reviewer}`, {})).ok()).toBe(true);
  expect((await sandbox.post(`${repo}/issues`, { title: "Queue stalls on retry" })).status()).toBe(201);
  const pull = await sandbox.post(`${repo}/pulls`, { title: "Retry with backoff", head: "backoff", base: "main" });
  const { number } = (await pull.json()) as { number: number };
  const asked = await sandbox.post(`${repo}/pulls/${number}/requested_reviewers`, { reviewers: ["mona"] });
  expect(asked.status()).toBe(201);

  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `Review Co ${login}`, [{ name: "Reviews" }]);
  await connectRepository(page.request, account, workspaceId, "review-queue", 1);
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);

  const card = page.getByRole("article", { name: `Pull request #${number}: Retry with backoff` });
  const reviewers = card.getByRole("list", { name: "Review requested from" });
  await expect(reviewers.getByRole("listitem")).toHaveText(["mona"]);
  await expect(page.getByRole("article", { name: /^Issue #\d+: Queue stalls on retry$/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Review requested from" })).toHaveCount(1);

  // Asked on GitHub while the board is open: the webhook brings hubot to the card without a reload.
  await sandbox.post(`${repo}/pulls/${number}/requested_reviewers`, { reviewers: ["hubot"] });
  await expect(reviewers.getByRole("listitem")).toHaveText(["mona", "hubot"]);
  await screenshots(page, "board-reviewers");

  await page.getByText("Display", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Reviewers" }).uncheck();
  await page.getByText("Display", { exact: true }).click();
  await expect(reviewers).toBeHidden();
});
