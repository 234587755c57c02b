import { expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { rowsOf } from "./support/tables.js";

const HOUR_MS = 3_600_000;

interface Workspace {
  gantryRepository: { id: string };
  pipelines: { id: string; name: string }[];
}

/** The server's clock (other specs may have moved it forward). */
async function serverNow(page: Page): Promise<Date> {
  const answer = await page.request.post("/__test/clock", { data: { advanceMs: 0 } });
  expect(answer.ok()).toBe(true);
  return new Date(((await answer.json()) as { now: string }).now);
}

/** The table's cells, row by row, header first. */

/**
 * A scripted history, all made through the API just now: four issues created in Backlog with estimates
 * (one re-estimated), moved and one closed, in a sprint, a release and an epic.
 *   #1 Cart page     3 points  Backlog → In Progress        sprint, release
 *   #2 Payment form  3 → 5     Backlog                      sprint, epic
 *   #3 Receipts      2 points  Backlog → In Progress → closed         release, epic
 *   #4 Search box    no points Backlog                              release
 * The sprint's issues stay open, so its commitment (8) is the same whenever the server's clock says
 * the sprint started.
 */
async function scriptedWorkspace(page: Page, admin: Account) {
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, admin, `Reports ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  const call = <Data>(query: string, variables: Record<string, unknown>) =>
    gql<Data>(page.request, admin, query, variables);
  const { workspace } = await call<{ workspace: Workspace }>(
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id name } } }",
    { id: workspaceId },
  );
  const pipeline = (name: string) => workspace.pipelines.find((candidate) => candidate.name === name)?.id ?? "";

  // A weekly sprint that started an hour ago (on the hour, UTC), well inside its first day.
  const start = new Date(Math.floor(((await serverNow(page)).getTime() - HOUR_MS) / HOUR_MS) * HOUR_MS);
  await call(
    `mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }`,
    {
      input: {
        workspaceId,
        name: "Sprint",
        period: 1,
        startOn: start.toISOString().slice(0, 10),
        startOnTime: start.toISOString().slice(11, 16),
        tzIdentifier: "UTC",
        settings: { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: false } },
      },
    },
  );
  const { workspace: withSprint } = await call<{ workspace: { activeSprint: { id: string; name: string } } }>(
    "query ($id: ID!) { workspace(id: $id) { activeSprint { id name } } }",
    { id: workspaceId },
  );
  const sprint = withSprint.activeSprint;

  const ids: Record<string, string> = {};
  for (const [title, points] of [
    ["Cart page", 3],
    ["Payment form", 3],
    ["Receipts", 2],
    ["Search box", null],
  ] as const) {
    const created = await call<{ createIssue: { issue: { id: string } } }>(
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title, pipelineId: pipeline("Backlog") } },
    );
    ids[title] = created.createIssue.issue.id;
    if (points !== null) await estimate(title, points);
  }
  async function estimate(title: string, value: number) {
    await call(
      "mutation ($id: ID!, $value: Float) { setEstimate(input: { issueId: $id, value: $value }) { issue { id } } }",
      {
        id: ids[title],
        value,
      },
    );
  }
  const issuesOf = (...titles: string[]) => titles.map((title) => ids[title]);
  await estimate("Payment form", 5);
  await call(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $ids }) { successCount } }",
    { issueIds: issuesOf("Cart page", "Payment form"), ids: [sprint.id] },
  );
  const release = await call<{ createRelease: { release: { id: string } } }>(
    `mutation ($workspaceId: ID!) { createRelease(input: { workspaceId: $workspaceId, release: { title: "v2.0" } }) { release { id } } }`,
    { workspaceId },
  );
  await call(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToReleases(input: { issueIds: $issueIds, releaseIds: $ids }) { successCount } }",
    { issueIds: issuesOf("Cart page", "Receipts", "Search box"), ids: [release.createRelease.release.id] },
  );
  const epic = await call<{ createGantryEpic: { gantryEpic: { id: string } } }>(
    `mutation ($workspaceId: ID!) { createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: "Checkout" } }) { gantryEpic { id } } }`,
    { workspaceId },
  );
  await call(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { successCount } }",
    { issueIds: issuesOf("Payment form", "Receipts"), ids: [epic.createGantryEpic.gantryEpic.id] },
  );
  for (const title of ["Cart page", "Receipts"]) {
    await call("mutation ($input: MoveIssueInput!) { moveIssue(input: $input) { issue { id } } }", {
      input: { issueId: ids[title], pipelineId: pipeline("In Progress") },
    });
  }
  await call("mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { successCount } }", {
    ids: issuesOf("Receipts"),
  });
  return { workspaceId, sprintName: sprint.name };
}

test("reports replay a scripted history: burndown, cumulative flow, control chart, release and epic figures, and the CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await createAccount(page.request, "reports");
  const { workspaceId, sprintName } = await scriptedWorkspace(page, admin);

  await signInAs(page, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}`);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports\/burndown$/);
  await expect(page.getByRole("heading", { name: "Sprint burndown" })).toBeVisible();
  const tab = (name: string) => page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name });

  // Burndown: the commitment is 3 + 5 points; the ideal line falls a seventh of it a day, to 0 at the end.
  await page.getByLabel("Sprint", { exact: true }).selectOption({ label: sprintName });
  const burndown = page.getByRole("table", { name: "Sprint burndown numbers" });
  await expect(burndown.locator("tbody tr")).toHaveCount(8);
  const burndownRows = await rowsOf(burndown);
  expect(burndownRows[0]).toEqual(["Day", "Remaining points", "Ideal points"]);
  expect(burndownRows[1]?.slice(1)).toEqual(["8", "8"]);
  expect(burndownRows[2]?.[2]).toBe("6.86");
  expect(burndownRows[8]?.[2]).toBe("0");
  await expect(page.getByRole("figure", { name: /burndown/i })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("reports-burndown.png") });

  // Cumulative flow: today's column counts, and the same numbers in the CSV.
  await tab("Cumulative flow").click();
  const flow = page.getByRole("table", { name: "Cumulative flow numbers" });
  await expect(flow.locator("tbody tr")).toHaveCount(30);
  const flowRows = await rowsOf(flow);
  expect(flowRows[0]).toEqual(["Day", "New Issues", "Icebox", "Backlog", "In Progress", "Review/QA", "Done", "Closed"]);
  expect(flowRows.at(-1)?.slice(1)).toEqual(["0", "0", "2", "1", "0", "0", "1"]);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("cumulative-flow.csv");
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString("utf8").trim().split(/\r?\n/);
  expect(lines[0]).toBe("Day,New Issues,Icebox,Backlog,In Progress,Review/QA,Done,Closed");
  expect(lines.at(-1)).toBe(`${flowRows.at(-1)?.[0]},0,0,2,1,0,0,1`);

  // Control chart: only Receipts was worked on (it joined past New Issues) and closed, moments later.
  await tab("Control chart").click();
  const control = page.getByRole("table", { name: "Control chart numbers" });
  await expect(control.locator("tbody tr")).toHaveCount(1);
  const [controlHeaders = [], controlRow = []] = await rowsOf(control);
  // A cycle of seconds reads in minutes, and never as 0 (issue #27): a figure of at most two decimals.
  expect(controlHeaders.slice(4)).toEqual([
    "Cycle time (minutes)",
    "Rolling average (minutes)",
    "Rolling deviation (minutes)",
  ]);
  expect([controlRow[0], controlRow[1], controlRow[5], controlRow[6]]).toEqual(["#3", "Receipts", controlRow[4], "0"]);
  expect(controlRow[4]).toMatch(/^(< 0\.01|\d+(\.\d{1,2})?)$/);
  expect(controlRow[4]).not.toBe("0");

  // Release v2.0: Cart page 3 + Receipts 2 + Search box unestimated; Receipts closed.
  await tab("Release report").click();
  await expect(page.getByLabel("Release", { exact: true })).toHaveValue(/.+/);
  const release = page.getByRole("table", { name: "Release report numbers" });
  await expect(release.locator("tbody tr").last()).toBeVisible();
  expect((await rowsOf(release)).at(-1)?.slice(1)).toEqual(["5", "2", "3", "1"]);
  await expect(page.getByText(/^Remaining: 3 points/)).toBeVisible();

  // Epic Checkout: Payment form 5 + Receipts 2; Receipts closed.
  await tab("Epic report").click();
  const epic = page.getByRole("table", { name: "Epic report numbers" });
  await expect(epic.locator("tbody tr").last()).toBeVisible();
  expect((await rowsOf(epic)).at(-1)?.slice(1)).toEqual(["7", "2", "2", "1"]);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`reports-epic-${scheme}.png`) });
  }
});
