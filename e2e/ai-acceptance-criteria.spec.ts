import { expect, test } from "@playwright/test";
import { createAccount, gql, signInAs, workspaceWithNativeIssues } from "./support/gantry-api.js";
import { screenshots } from "./support/screenshots.js";

test("suggests acceptance criteria from similar closed issues (no model configured), edited then inserted; the preference hides it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createAccount(page.request, "ai-criteria");
  // Two closed issues with checklists, then the one being written (#3).
  const {
    workspaceId,
    issueIds: [headerRow = "", contrast = ""],
  } = await workspaceWithNativeIssues(
    page.request,
    owner,
    { organization: `AI Criteria ${Date.now().toString(36)}`, workspace: "Reports" },
    [
      {
        title: "CSV export drops the header row",
        body: "- [ ] The CSV starts with a header row\n- [ ] Column names match the board's fields",
      },
      { title: "Dark theme contrast on cards", body: "- [ ] Card text meets WCAG AA contrast" },
      { title: "CSV export of estimates", body: "Estimates are missing from the CSV export." },
    ],
  );
  await gql(page.request, owner, "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { __typename } }", {
    ids: [headerRow, contrast],
  });

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
