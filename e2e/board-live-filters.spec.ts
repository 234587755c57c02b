import { expect, type Page, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, moveIssue, signInAs } from "./support/gantry-api.js";
import { backlogIssues, runningSprintWith } from "./support/sprints.js";

/*
 * A board narrowed by filters stays live: a move made elsewhere (the API, another member) reaches its
 * columns, not only its header counts (issue #27: the sprint journey had to reload to see it).
 */

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const card = (page: Page, title: string) => page.getByRole("article", { name: new RegExp(`: ${title}$`) });

test("on the board narrowed to the current sprint, moves made through the API reach the columns without a reload", async ({
  page,
}) => {
  const owner = await createAccount(page.request, "live-sprint");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Live sprint ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  const ids = await backlogIssues(page, owner, workspaceId, [
    { title: "Checkout on Safari", points: 3 },
    { title: "Receipt emails", points: 3 },
    { title: "Gift cards", points: 5 },
  ]);
  await runningSprintWith(page, owner, workspaceId, [ids["Checkout on Safari"] ?? "", ids["Receipt emails"] ?? ""]);
  const { workspace } = await gql<{ workspace: { pipelines: { id: string; name: string }[] } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }",
    { id: workspaceId },
  );
  const pipelineId = (name: string) => workspace.pipelines.find((pipeline) => pipeline.name === name)?.id ?? "";
  const move = (issueId: string, pipeline: string) => moveIssue(page.request, owner, workspaceId, issueId, pipeline);

  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/board?sprints%3Asettings=current_sprint`);
  const backlog = column(page, "Backlog");
  await expect(backlog.getByRole("article")).toHaveCount(2);
  await expect(card(page, "Gift cards")).toHaveCount(0);
  await expect(column(page, "In Progress").getByText("No issues")).toBeVisible();
  // Marks this document; a reload would lose the mark.
  await page.evaluate(() => document.body.setAttribute("data-not-reloaded", "yes"));

  await move(ids["Receipt emails"] ?? "", pipelineId("In Progress"));
  await move(ids["Checkout on Safari"] ?? "", "closed--pipeline");
  await expect(column(page, "In Progress").getByRole("article")).toHaveCount(1);
  await expect(card(page, "Receipt emails")).toBeVisible();
  await expect(backlog.getByRole("article")).toHaveCount(0);

  // A move of an issue outside the sprint changes nothing the filter shows.
  await move(ids["Gift cards"] ?? "", pipelineId("In Progress"));
  await move(ids["Checkout on Safari"] ?? "", pipelineId("Done"));
  await expect(column(page, "Done").getByRole("article")).toHaveCount(1);
  await expect(backlog.getByRole("article")).toHaveCount(0);
  await expect(column(page, "In Progress").getByRole("article")).toHaveCount(1);
  await expect(card(page, "Gift cards")).toHaveCount(0);
  await expect(page.locator("body")).toHaveAttribute("data-not-reloaded", "yes");
});
