import { expect, type Page, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";

async function screenshots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
}

test("suggests acceptance criteria from similar closed issues (no model configured), edited then inserted; the preference hides it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createAccount(page.request, "ai-criteria");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `AI Criteria ${Date.now().toString(36)}`, [
    { name: "Reports" },
  ]);
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const create = async (title: string, body: string) => {
    const answer = await gql<{ createIssue: { issue: { id: string } } }>(
      page.request,
      owner,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title, body } },
    );
    return answer.createIssue.issue.id;
  };
  const closed = [
    await create(
      "CSV export drops the header row",
      "- [ ] The CSV starts with a header row\n- [ ] Column names match the board's fields",
    ),
    await create("Dark theme contrast on cards", "- [ ] Card text meets WCAG AA contrast"),
  ];
  await gql(page.request, owner, "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { __typename } }", {
    ids: closed,
  });
  await create("CSV export of estimates", "Estimates are missing from the CSV export.");

  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspaceId}/issues/3`);
  await page.getByRole("button", { name: "Edit description" }).click();
  await page.getByRole("button", { name: "Suggest acceptance criteria" }).click();
  const panel = page.getByRole("region", { name: "Suggested acceptance criteria" });
  await expect(panel.getByText(/No AI service is configured/)).toBeVisible();
  await expect(panel.getByText("Drawn from: #1 CSV export drops the header row")).toBeVisible();
  // Taken from #1, each criterion reads as #1's, not as written for this issue.
  await expect(panel.getByRole("textbox", { name: "Criterion 1, from similar issue #1" })).toHaveValue(
    "The CSV starts with a header row",
  );
  await expect(panel.getByText("from similar issue #1")).toHaveCount(2);
  await panel.scrollIntoViewIfNeeded();
  await screenshots(page, "ai-acceptance-criteria");

  await panel.getByRole("textbox", { name: "Criterion 2" }).fill("Estimates appear in their own column");
  await panel.getByRole("button", { name: "Insert into description" }).click();
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue(
    "Estimates are missing from the CSV export.\n\n### Acceptance criteria\n\n- [ ] Estimates appear in their own column\n\n> From similar issue #1:\n>\n> - [ ] The CSV starts with a header row\n",
  );
  await page.getByRole("button", { name: "Save" }).click();
  const description = page.getByRole("region", { name: "Description" });
  await expect(description.getByText("Estimates appear in their own column")).toBeVisible();

  // Switched off in the user menu: the action is gone.
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitemcheckbox", { name: "AI suggestions" }).click();
  await page.getByRole("button", { name: "Edit description" }).click();
  await expect(page.getByRole("textbox", { name: "Description" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Suggest acceptance criteria" })).toHaveCount(0);
});
