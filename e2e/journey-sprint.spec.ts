import { expect, type Page, test } from "@playwright/test";
import { createOrganizationWithWorkspaces, gql, moveIssue, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import {
  backlogIssues,
  fillSprintsFromPipeline,
  openSprintSettings,
  serverClock,
  setEstimate,
} from "./support/sprints.js";
import { rowsOf } from "./support/tables.js";

/*
 * A team's first sprint in Gantry (issue #27): set sprints up, plan from Backlog, work the sprint with a
 * pull request in it, watch the board narrowed to the current sprint, roll over with the test clock, and
 * read burndown, velocity and the sprint's summary, whose numbers must agree with the sprint page.
 * The server's clock is shared with the other specs (sprints.spec.ts moves it too), so every day and
 * sprint is read from the server, never from the browser's clock.
 */

const card = (page: Page, title: string) => page.getByRole("article", { name: new RegExp(`: ${title}$`) });
/** The sprint page's Scope, Committed and Done, as a person reads them. */
async function sprintNumbers(page: Page) {
  const stat = (name: string) => page.locator(`dl dt:text-is("${name}") + dd`);
  return {
    scope: await stat("Scope").textContent(),
    committed: await stat("Committed").textContent(),
    done: await stat("Done").textContent(),
  };
}

test("a sprint from setup to velocity: plan, work, board on the current sprint, rollover and reports that agree", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A team whose code is on GitHub (the sandbox): a repository with one issue and a pull request.
  const login = `journey-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const owner = await signInWithGitHub(page.request, { newLogin: login });
  const sandbox = await sandboxApi(page.request, login);
  expect((await sandbox.post("/user/repos", { name: "storefront" })).status()).toBe(201);
  expect((await sandbox.post(`/repos/${login}/storefront/issues`, { title: "Safari session drops" })).status()).toBe(
    201,
  );
  const pull = await sandbox.post(`/repos/${login}/storefront/pulls`, {
    title: "Fix Safari checkout",
    head: "safari-checkout",
    base: "main",
  });
  expect(pull.status()).toBe(201);
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Journey Co ${login}`, [{ name: "Delivery" }]);
  await connectRepository(page.request, owner, workspaceId, "storefront", 1);
  const ids = await backlogIssues(page, owner, workspaceId, [
    { title: "Checkout on Safari", points: 3 },
    { title: "Receipt emails", points: 3 },
    { title: "Gift cards", points: 5 },
    { title: "Wish lists", points: 2 },
  ]);
  const { searchIssues } = await gql<{ searchIssues: { nodes: { id: string; title: string }[] } }>(
    page.request,
    owner,
    'query ($w: ID!) { searchIssues(workspaceId: $w, query: "Fix Safari checkout", first: 5) { nodes { id title } } }',
    { w: workspaceId },
  );
  const pullId = searchIssues.nodes.find((node) => node.title === "Fix Safari checkout")?.id ?? "";
  expect(pullId).not.toBe("");
  await setEstimate(page, owner, pullId, 1);
  const today = (await serverClock(page)).toISOString().slice(0, 10);

  // Sprints: two weeks from today (UTC), built from Backlog, 8 points each.
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/board`);
  await expect(card(page, "Gift cards")).toBeVisible();
  const modal = await openSprintSettings(page);
  await fillSprintsFromPipeline(modal, { startOn: today, pipeline: "Backlog", points: 8 });
  await modal.getByRole("button", { name: "Start sprints" }).click();
  await expect(modal).toBeHidden();

  // Plan from Backlog: the top two issues go into the running sprint from their sidebar (S opens the picker).
  // Created last-first, so Checkout on Safari is #4 and Receipt emails #3.
  let runningName = "";
  for (const number of [4, 3]) {
    await page.goto(`/workspaces/${workspaceId}/issues/${number}`);
    const fields = page.getByRole("region", { name: "Fields" });
    await expect(fields.getByRole("button", { name: /^Sprints/ })).toBeEnabled();
    await page.keyboard.press("s");
    const picker = page.getByRole("dialog", { name: "Add this issue to any sprint" });
    const first = picker.getByRole("option").first();
    runningName = ((await first.locator("span span").first().textContent()) ?? "").trim();
    await first.click();
    await page.keyboard.press("Escape");
    await expect(fields.getByRole("link", { name: runningName })).toBeVisible();
  }
  expect(runningName).toMatch(/^Sprint: /);
  // The pull request joins the sprint too, from the API as a script of the team's would.
  const { workspace } = await gql<{
    workspace: { activeSprint: { id: string; endAt: string }; pipelines: { id: string; name: string }[] };
  }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { activeSprint { id endAt } pipelines { id name } } }",
    {
      id: workspaceId,
    },
  );
  const sprintId = workspace.activeSprint.id;
  await gql(
    page.request,
    owner,
    "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToSprints(input: { issueIds: $i, sprintIds: $t }) { successCount } }",
    { i: [pullId], t: [sprintId] },
  );

  // The sprint page, then its board: the sprint's cards, not an empty column (item 1).
  await page.goto(`/workspaces/${workspaceId}/sprints/${encodeURIComponent(sprintId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(runningName);
  await expect(page.getByText("Current sprint")).toBeVisible();
  expect(await sprintNumbers(page)).toEqual({
    scope: "3 issues · 0 closed",
    committed: "7 points",
    done: "0 points · 0%",
  });
  await page.getByRole("link", { name: "Show this sprint on the board" }).click();
  const backlog = page.getByRole("region", { name: "Backlog" });
  await expect(backlog.getByRole("article")).toHaveCount(2);
  await expect(card(page, "Checkout on Safari")).toBeVisible();
  await expect(card(page, "Receipt emails")).toBeVisible();
  await expect(page.getByRole("article", { name: /^Pull request #\d+: Fix Safari checkout$/ })).toBeVisible();
  await expect(card(page, "Gift cards")).toHaveCount(0);
  await expect(backlog.getByText("No issues")).toHaveCount(0);

  // Work: Receipt emails goes In Progress, Checkout on Safari is done; the board, still narrowed, follows.
  const pipelineId = (name: string) => workspace.pipelines.find((pipeline) => pipeline.name === name)?.id ?? "";
  const move = (issueId: string, pipeline: string) => moveIssue(page.request, owner, workspaceId, issueId, pipeline);
  await move(ids["Receipt emails"] ?? "", pipelineId("In Progress"));
  await move(ids["Checkout on Safari"] ?? "", "closed--pipeline");
  // No reload: the board, narrowed to the current sprint, follows moves made elsewhere as they happen.
  await expect(page.getByRole("region", { name: "In Progress" }).getByRole("article")).toHaveCount(1);
  await expect(backlog.getByRole("article")).toHaveCount(0);

  // The sprint page and today's burndown say the same: 3 of 7 points done, 4 left today (items 7 and 9).
  await page.goto(`/workspaces/${workspaceId}/sprints/${encodeURIComponent(sprintId)}`);
  expect(await sprintNumbers(page)).toEqual({
    scope: "3 issues · 1 closed",
    committed: "7 points",
    done: "3 points · 43%",
  });
  await page.goto(`/workspaces/${workspaceId}/reports/burndown`);
  await page.getByLabel("Sprint", { exact: true }).selectOption({ label: runningName });
  const burndown = page.getByRole("table", { name: "Sprint burndown numbers" });
  await expect(burndown.getByRole("row").nth(1)).toContainText("Start");
  const running = await rowsOf(burndown);
  // The header, the start, then the fourteen days of a two-week sprint: none past its end.
  expect(running).toHaveLength(16);
  expect(running[1]).toEqual(["Start", "7", "7"]);
  expect(running[2]?.slice(0, 2)).toEqual([today, "4"]);
  expect(running[3]?.[1]).toBe("—");

  // Past the sprint's end: it closes, Receipt emails and the pull request carry over and take the room
  // the Next badges had promised Gift cards and Wish lists (item 10).
  const now = await serverClock(page);
  await serverClock(page, new Date(workspace.activeSprint.endAt).getTime() - now.getTime() + 60_000);
  await page.goto(`/workspaces/${workspaceId}/sprints/${encodeURIComponent(sprintId)}`);
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();
  const close = page.getByRole("region", { name: "At its close" });
  await expect(close.getByRole("heading", { name: "Carried over: 2 issues" })).toBeVisible();
  await expect(close.getByText(/^#3 Receipt emails$/)).toBeVisible();
  await expect(close.getByRole("heading", { name: "Did not fit: 2 issues" })).toBeVisible();
  await expect(close.getByText(/^#2 Gift cards$/)).toBeVisible();
  await expect(close.getByText(/^#1 Wish lists$/)).toBeVisible();
  const closedNumbers = await sprintNumbers(page);
  expect(closedNumbers).toEqual({ scope: "3 issues · 1 closed", committed: "7 points", done: "3 points · 43%" });

  // The board on the sprint now running shows what was carried.
  await page.goto(`/workspaces/${workspaceId}/board?sprints%3Asettings=current_sprint`);
  await expect(card(page, "Receipt emails")).toBeVisible();
  await expect(page.getByRole("article", { name: /^Pull request #\d+: Fix Safari checkout$/ })).toBeVisible();
  await expect(card(page, "Checkout on Safari")).toHaveCount(0);

  // Velocity and the closed sprint's burndown agree with its page: 7 committed, 3 completed, 4 left.
  await page.goto(`/workspaces/${workspaceId}/reports/velocity`);
  const velocity = page.getByRole("table", { name: "Velocity numbers" });
  await expect(velocity.getByRole("row")).toHaveCount(2);
  expect(await rowsOf(velocity)).toEqual([
    ["Sprint", "Committed points", "Completed points"],
    [runningName, "7", "3"],
  ]);
  await expect(page.getByText("Average completed: 3 points per sprint")).toBeVisible();
  await page.goto(`/workspaces/${workspaceId}/reports/burndown`);
  await page.getByLabel("Sprint", { exact: true }).selectOption({ label: runningName });
  await expect(burndown.getByRole("row").nth(1)).toContainText("Start");
  const closedBurndown = await rowsOf(burndown);
  expect(closedBurndown.at(-1)?.[1]).toBe("4");

  // The last screen: the closed sprint's page with what its close did.
  await page.goto(`/workspaces/${workspaceId}/sprints/${encodeURIComponent(sprintId)}`);
  await expect(page.getByRole("region", { name: "At its close" })).toBeVisible();
  await expect(page.getByText("3 points · 43%")).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/journey-sprint.png", fullPage: true });
});
