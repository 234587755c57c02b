import { expect, type Locator, type Page } from "@playwright/test";
import { type Account, gql } from "./gantry-api.js";

interface Workspace {
  gantryRepository: { id: string };
  pipelines: { id: string; name: string }[];
}

/** Native issues on top of Backlog, first given ends up on top, each with an estimate; answers their ids by title. */
export async function backlogIssues(
  page: Page,
  owner: Account,
  workspaceId: string,
  issues: { title: string; points: number }[],
): Promise<Record<string, string>> {
  const { workspace } = await gql<{ workspace: Workspace }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id name } } }",
    { id: workspaceId },
  );
  const backlog = workspace.pipelines.find((pipeline) => pipeline.name === "Backlog");
  expect(backlog).toBeDefined();
  const ids: Record<string, string> = {};
  for (const issue of [...issues].reverse()) {
    const created = await gql<{ createIssue: { issue: { id: string } } }>(
      page.request,
      owner,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title: issue.title, pipelineId: backlog?.id } },
    );
    ids[issue.title] = created.createIssue.issue.id;
    await setEstimate(page, owner, created.createIssue.issue.id, issue.points);
  }
  return ids;
}

export async function setEstimate(page: Page, owner: Account, issueId: string, points: number) {
  await gql(
    page.request,
    owner,
    "mutation ($id: ID!, $value: Float) { setEstimate(input: { issueId: $id, value: $value }) { issue { id } } }",
    { id: issueId, value: points },
  );
}

/** The server's clock (moved by earlier specs, perhaps), moved ahead by `advanceMs`. */
export async function serverClock(page: Page, advanceMs = 0): Promise<Date> {
  const answer = await page.request.post("/__test/clock", { data: { advanceMs } });
  expect(answer.ok()).toBe(true);
  return new Date(((await answer.json()) as { now: string }).now);
}

/** Two-week sprints from `startOn` (an ISO day, UTC), nothing carried or filled automatically. */
export async function twoWeekSprints(page: Page, owner: Account, workspaceId: string, startOn: string) {
  await gql(
    page.request,
    owner,
    "mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }",
    {
      input: {
        workspaceId,
        name: "Sprint",
        period: 2,
        startOn,
        startOnTime: "00:00",
        tzIdentifier: "UTC",
        settings: { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: false } },
      },
    },
  );
}

/** Opens the board's "Set up sprints" dialog and answers it. */
export async function openSprintSettings(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Sprint settings" }).click();
  return page.getByRole("dialog", { name: "Set up sprints" });
}

/** Fills the "Set up sprints" dialog: sprints from `startOn` in UTC, built from `pipeline`, `points` each. */
export async function fillSprintsFromPipeline(
  modal: Locator,
  { startOn, pipeline, points }: { startOn: string; pipeline: string; points: number },
) {
  await modal.getByLabel("First sprint starts on").fill(startOn);
  await modal.getByLabel("Time zone").fill("UTC");
  await modal.getByRole("checkbox", { name: /Build sprints from a pipeline/ }).check();
  await modal.getByLabel("Pipeline", { exact: true }).selectOption({ label: pipeline });
  await modal.getByLabel("Points per sprint").fill(String(points));
}

/**
 * Two-week sprints from the server's today (UTC), nothing carried or filled automatically, with the
 * given issues in the running one; answers that sprint.
 */
export async function runningSprintWith(
  page: Page,
  owner: Account,
  workspaceId: string,
  issueIds: string[],
): Promise<{ id: string; name: string }> {
  await twoWeekSprints(page, owner, workspaceId, (await serverClock(page)).toISOString().slice(0, 10));
  const { workspace } = await gql<{ workspace: { activeSprint: { id: string; name: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { activeSprint { id name } } }",
    { id: workspaceId },
  );
  await gql(
    page.request,
    owner,
    "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToSprints(input: { issueIds: $i, sprintIds: $t }) { successCount } }",
    { i: issueIds, t: [workspace.activeSprint.id] },
  );
  return workspace.activeSprint;
}
