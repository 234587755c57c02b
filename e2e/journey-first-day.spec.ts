import { expect, test } from "@playwright/test";
import { PASSWORD } from "./support/gantry-api.js";
import { sandboxApi } from "./support/github-sandbox.js";
import { atLocalhost, signUpThroughTheForm } from "./support/journeys.js";
import { uniqueEmail } from "./support/outbox.js";

/**
 * Issue #27, a team's first day on a fresh Gantry: sign up, an organisation and a workspace,
 * a teammate invited, GitHub connected from the workspace, two repositories imported, priorities
 * set, and New Issues triaged (priority, estimate, pipeline) until the board reads as planned.
 */
test("a team's first day: from sign-up to a triaged board", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const organization = `Juniper ${suffix}`;
  const { page, email } = await signUpThroughTheForm(browser, "first-day");
  await page.setViewportSize({ width: 1400, height: 900 });

  // The organisation, from the onboarding form, and its first workspace.
  await expect(page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
  await page.getByLabel("Organization name").fill(organization);
  await page.getByRole("button", { name: "Create organization" }).click();
  await page.getByRole("button", { name: `Create a workspace in ${organization}` }).click();
  const creator = page.getByRole("dialog", { name: "Create workspace" });
  await creator.getByLabel("Workspace name").fill("Storefront");
  await creator.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Storefront" })).toBeVisible();
  const workspaceUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("button", { name: `Organization: ${organization}. Switch organization` })).toBeVisible();

  // A teammate is invited from the organisation's settings.
  const teammate = uniqueEmail("teammate");
  await page.goto(`/settings/o/${encodeURIComponent(organization)}`);
  await page.getByLabel("Email address").fill(teammate);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${teammate}`);

  // Without GitHub the workspace offers to connect it, not buttons that would fail.
  await page.goto(workspaceUrl);
  await expect(page.getByText("No GitHub repositories yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import repositories" })).toHaveCount(0);
  const login = `juniper-${suffix}`;
  await page.getByRole("button", { name: "Connect GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the hub sandbox" })).toBeVisible();
  await page.getByLabel("Username").fill(login);
  await page.getByRole("button", { name: "Create user and continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Storefront" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(workspaceUrl);

  // The team's two repositories on GitHub, with the issues they already track.
  const github = await sandboxApi(page.request, login);
  const issues: Record<string, string[]> = {
    web: ["Cart badge shows 0", "Checkout button overlaps footer"],
    api: ["Orders endpoint times out", "Rate limit on search"],
  };
  for (const [repo, titles] of Object.entries(issues)) {
    expect((await github.post("/user/repos", { name: repo })).status()).toBe(201);
    for (const title of titles)
      expect((await github.post(`/repos/${login}/${repo}/issues`, { title })).status()).toBe(201);
  }

  // Both imported from the workspace page.
  await page.getByRole("button", { name: "Import repositories" }).click();
  const importer = page.getByRole("dialog", { name: "Import repositories" });
  await expect(importer.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await importer.getByRole("option", { name: new RegExp(`${login}/web`) }).click();
  await importer.getByRole("option", { name: new RegExp(`${login}/api`) }).click();
  await importer.getByRole("button", { name: "Import 2 repositories" }).click();
  await expect(page.getByText("Repositories imported successfully!")).toBeVisible({ timeout: 30_000 });
  for (const repo of ["web", "api"])
    await expect(page.getByRole("article", { name: `${login}/${repo}` }).getByText("Imported 2")).toBeVisible({
      timeout: 30_000,
    });
  // The workspace page counts what arrived, rather than "No issues yet".
  await page.reload();
  await expect(page.getByRole("region", { name: "New Issues" }).getByText("4 Issues / 0 PRs / 0 Points")).toBeVisible();
  // Connecting them marked the onboarding task connect_repository: the welcome card says so.
  await page.goto("/landing");
  await expect(page.getByText(/^Connect a GitHub repository to the workspace/)).toContainText("Done");
  await page.goto(workspaceUrl);

  // Priorities, highest first, in the workspace settings.
  await page.getByRole("button", { name: "Workspace settings" }).click();
  const priorities = page.getByRole("region", { name: "Priorities" });
  for (const name of ["High", "Low"]) {
    await priorities.getByRole("textbox", { name: "Name" }).fill(name);
    await priorities.getByRole("button", { name: "Add priority" }).click();
    await expect(priorities.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  }

  // Triage: each New Issue gets a priority and an estimate and leaves for the Backlog.
  await page.getByRole("link", { name: "Board", exact: true }).click();
  const backlog = page.getByRole("region", { name: "Backlog", exact: true });
  const triage = [
    { title: "Orders endpoint times out", priority: "High", estimate: "5 points" },
    { title: "Checkout button overlaps footer", priority: "Low", estimate: "2 points" },
  ];
  for (const { title, priority, estimate } of triage) {
    await page.getByRole("link", { name: title, exact: true }).click();
    const flyover = page.getByRole("dialog", { name: /^Issue #\d+$/ });
    const fields = flyover.getByRole("region", { name: "Fields" });
    await expect(fields.getByRole("button", { name: "Pipeline" })).toBeEnabled();
    for (const [field, picker, option] of [
      ["Priority", "Set this issue's priority", priority],
      ["Estimate", "Estimate this issue", estimate],
      ["Pipeline", "Move this issue to a pipeline", "Backlog"],
    ] as const) {
      await fields.getByRole("button", { name: field, exact: true }).click();
      const list = page.getByRole("dialog", { name: picker });
      await list.getByRole("option", { name: option, exact: true }).click();
      await expect(list).toBeHidden();
      await expect(fields).toContainText(option);
    }
    await page.keyboard.press("Escape");
    await expect(flyover).toBeHidden();
    await expect(backlog.getByRole("article", { name: new RegExp(title) })).toBeVisible();
  }

  // The next morning at localhost: the same board, as triaged.
  const morning = await (await browser.newContext()).newPage();
  await morning.setViewportSize({ width: 1400, height: 900 });
  const localhost = atLocalhost(baseURL);
  await morning.goto(`${localhost}/login`);
  await morning.getByLabel("Email").fill(email);
  await morning.getByLabel("Password").fill(PASSWORD);
  await morning.getByRole("button", { name: "Log in" }).click();
  await expect(morning).toHaveURL(`${localhost}/landing`);
  await morning.getByRole("link", { name: "Storefront" }).first().click();
  await morning.getByRole("link", { name: "Board", exact: true }).click();
  const morningBacklog = morning.getByRole("region", { name: "Backlog", exact: true });
  await expect(morningBacklog.getByText("2 Issues / 0 PRs / 7 Points")).toBeVisible();
  await expect(morning.getByRole("region", { name: "New Issues", exact: true }).getByText(/^2 Issues/)).toBeVisible();
  const orders = morningBacklog.getByRole("article", { name: /Orders endpoint times out/ });
  await expect(orders.getByTitle("Estimate: 5 points")).toBeVisible();
  await expect(orders.getByTitle("Priority: High")).toBeVisible();
  await expect(
    morning.getByRole("button", { name: `Organization: ${organization}. Switch organization` }),
  ).toBeVisible();
  await morning.screenshot({ path: "docs/screenshots/journey-first-day.png" });
});
