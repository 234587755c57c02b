import { expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { createDatedEpic } from "./support/planning.js";
import { serverClock, setEstimate } from "./support/sprints.js";
import { rowsOf } from "./support/tables.js";

/*
 * Issue #27, a release and an epic across two workspaces. Web's Checkout epic holds Payment form (5) and
 * Receipt emails (3); API's release "API v3" holds Payments API (2) and Rate limits (1). The strategic
 * issue Checkout revamp (Web) has a sub-issue in each workspace's work. Receipt emails and Payments API
 * are closed. The planning panel, the organisation's roadmap, and the release and epic reports must
 * tell the same numbers. Dates follow the server's clock, which other specs move.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function nativeIssue(page: Page, owner: Account, workspaceId: string, title: string, points?: number) {
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const { createIssue } = await gql<{ createIssue: { issue: { id: string } } }>(
    page.request,
    owner,
    "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
    { input: { repositoryId: workspace.gantryRepository.id, title } },
  );
  if (points !== undefined) await setEstimate(page, owner, createIssue.issue.id, points);
  return createIssue.issue.id;
}

/** "1 of 2 issues closed · 3 of 8 points done" as numbers. */
function progressOf(text: string) {
  const match = /^(\d+) of (\d+) issues? closed · (\d+) of (\d+) points? done/.exec(text);
  expect(match, text).not.toBeNull();
  const [closedIssues, issues, donePoints, points] = (match ?? []).slice(1).map(Number);
  return { closedIssues, issues, donePoints, points };
}

test("a release and an epic across two workspaces: planning panel, roadmap and reports tell the same numbers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await createAccount(page.request, "release-epic");
  const {
    organizationId,
    workspaceIds: [web = "", api = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Release Co ${Date.now().toString(36)}`, [
    { name: "Web" },
    { name: "API" },
  ]);
  const revamp = await nativeIssue(page, owner, web, "Checkout revamp");
  const launch = await nativeIssue(page, owner, api, "API v3 launch");
  const paymentForm = await nativeIssue(page, owner, web, "Payment form", 5);
  const receipts = await nativeIssue(page, owner, web, "Receipt emails", 3);
  const paymentsApi = await nativeIssue(page, owner, api, "Payments API", 2);
  const rateLimits = await nativeIssue(page, owner, api, "Rate limits", 1);
  // Sub-issues stay on their parent's board: each workspace has its strategic issue.
  for (const [parentId, childIssueIds] of [
    [revamp, [paymentForm, receipts]],
    [launch, [paymentsApi, rateLimits]],
  ] as const)
    await gql(
      page.request,
      owner,
      "mutation ($parentId: ID!, $childIssueIds: [ID!]!) { addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds }) { successCount } }",
      { parentId, childIssueIds },
    );

  // The epic and the release, over the days around the server's today.
  const today = (await serverClock(page)).getTime();
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
  await createDatedEpic(page.request, owner, {
    workspaceId: web,
    title: "Checkout",
    startOn: day(-3),
    endOn: day(10),
    issueIds: [paymentForm, receipts],
  });
  const { createRelease } = await gql<{ createRelease: { release: { id: string } } }>(
    page.request,
    owner,
    'mutation ($w: ID!, $s: ISO8601Date, $e: ISO8601Date) { createRelease(input: { workspaceId: $w, release: { title: "API v3", startOn: $s, endOn: $e } }) { release { id } } }',
    { w: api, s: day(-2), e: day(20) },
  );
  await gql(
    page.request,
    owner,
    "mutation ($i: [ID!]!, $r: [ID!]!) { addIssuesToReleases(input: { issueIds: $i, releaseIds: $r }) { successCount } }",
    { i: [paymentsApi, rateLimits], r: [createRelease.release.id] },
  );
  await gql(page.request, owner, "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { __typename } }", {
    ids: [receipts, paymentsApi],
  });

  await signInAs(page, owner);

  // The planning panel, across both workspaces: each strategic issue has 1 of its 2 sub-issues closed.
  await page.goto(`/organizations/${encodeURIComponent(organizationId)}/planning`);
  const planned = (title: string) => page.getByRole("treeitem").filter({ hasText: title });
  await expect(planned("Checkout revamp")).toContainText("1/2 done");
  await expect(planned("API v3 launch")).toContainText("1/2 done");
  await planned("Checkout revamp")
    .getByRole("button", { name: /^Expand/ })
    .click();
  await planned("API v3 launch")
    .getByRole("button", { name: /^Expand/ })
    .click();
  // Open work only, as the panel is filtered at first: the closed sub-issues count in the progress above.
  await expect(planned("Payment form")).toContainText(/5 points.*Open/);
  await expect(planned("Rate limits")).toContainText(/1 point(?!s).*Open/);
  await expect(planned("Receipt emails")).toHaveCount(0);
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`journey-release-epic-planning-${scheme}.png`) });
  }

  // The release's report (API workspace): 3 points in scope, 2 completed, 2 issues, 1 closed.
  await page.goto(`/workspaces/${encodeURIComponent(api)}/reports/release`);
  await expect(page.getByLabel("Release", { exact: true })).toHaveValue(/.+/);
  const releaseTable = page.getByRole("table", { name: "Release report numbers" });
  await expect(releaseTable.locator("tbody tr").last()).toBeVisible();
  const releaseNumbers = (await rowsOf(releaseTable)).at(-1)?.slice(1);
  expect(releaseNumbers).toEqual(["3", "2", "2", "1"]);

  // The epic's report (Web workspace): 8 points, 3 completed, 2 issues, 1 closed.
  await page.goto(`/workspaces/${encodeURIComponent(web)}/reports/epic`);
  const epicTable = page.getByRole("table", { name: "Epic report numbers" });
  await expect(epicTable.locator("tbody tr").last()).toBeVisible();
  const epicNumbers = (await rowsOf(epicTable)).at(-1)?.slice(1);
  expect(epicNumbers).toEqual(["8", "3", "2", "1"]);

  // The organisation's roadmap tells both, with the same numbers as their reports.
  await page.goto(`/organizations/${encodeURIComponent(organizationId)}/roadmap`);
  const rows = page.getByTestId("roadmap-row");
  await expect(rows).toHaveCount(2);
  const epicRow = rows.filter({ hasText: "Checkout" });
  const releaseRow = rows.filter({ hasText: "API v3" });
  await expect(epicRow).toContainText("Web · ");
  await expect(releaseRow).toContainText("API · ");
  /** A roadmap row's progress line, in the reports' order: points, completed points, issues, closed issues. */
  const progressAsReport = async (row: typeof epicRow) => {
    const line = row.getByText(/^\d+ of \d+ issues? closed · \d+ of \d+ points? done$/);
    const progress = progressOf((await line.textContent()) ?? "");
    return [progress.points, progress.donePoints, progress.issues, progress.closedIssues].map(String);
  };
  expect(await progressAsReport(epicRow)).toEqual(epicNumbers);
  expect(await progressAsReport(releaseRow)).toEqual(releaseNumbers);

  // The last screen: the roadmap of both workspaces.
  await page.screenshot({ path: "docs/screenshots/journey-release-epic.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: test.info().outputPath("journey-release-epic-dark.png"), fullPage: true });

  // The same roadmap by quarters: both bars in this quarter's column.
  await page.getByRole("button", { name: "Quarters" }).click();
  const quarter = `Q${Math.floor(new Date(today).getUTCMonth() / 3) + 1} ${new Date(today).getUTCFullYear()}`;
  await expect(page.getByTitle(new RegExp(`^${quarter}: `))).toBeVisible();
  await expect(rows).toHaveCount(2);
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`roadmap-quarters-${scheme}.png`) });
  }
});
