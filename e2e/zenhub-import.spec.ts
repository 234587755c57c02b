import { expect, test } from "@playwright/test";
import { ZENHUB_KEY } from "./playwright.config.js";
import { createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { signInWithGitHub } from "./support/github-sandbox.js";
import { screenshots } from "./support/screenshots.js";

test("an owner creates a workspace to import into, imports a ZenHub workspace, and sees its plan on the board", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const demo = await signInWithGitHub(request, { login: "demo" });
  const organization = `ZenHub movers ${Date.now()}`;
  await createOrganizationWithWorkspaces(request, demo, organization, []);
  await signInAs(page, demo);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A new workspace, created to import into: it opens at the import.
  await page.goto("/landing");
  await page.getByRole("button", { name: `Create a workspace in ${organization}` }).click();
  const creator = page.getByRole("dialog", { name: "Create workspace" });
  await creator.getByLabel("Workspace name").fill("Payments");
  await creator.getByLabel("Import its plan from ZenHub next").check();
  await creator.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/[^/?]+\?settings=zenhub-import$/);
  const workspaceId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
  const section = page.getByRole("region", { name: "Import from ZenHub" });
  await section.scrollIntoViewIfNeeded();

  // A wrong key is refused in words, and nothing starts.
  await section.getByLabel("ZenHub API key").fill("zh_not_a_real_key_000");
  await section.getByRole("button", { name: "Find workspaces" }).click();
  await expect(section.getByRole("alert")).toHaveText("ZenHub did not accept this API key");

  // The right key lists its workspaces; the chosen one is imported in the background.
  await section.getByLabel("ZenHub API key").fill(ZENHUB_KEY);
  await section.getByRole("button", { name: "Find workspaces" }).click();
  await expect(section.getByLabel("ZenHub workspace")).toContainText("Acme on ZenHub / Payments");
  await section.screenshot({ path: test.info().outputPath("zenhub-import-choose.png") });
  await section.getByRole("button", { name: "Start import" }).click();
  await expect(section.getByText("Imported", { exact: true })).toBeVisible({ timeout: 120_000 });
  const progress = section.getByRole("list", { name: "Progress by kind" });
  await expect(progress).toContainText("Issues placed");
  await expect(progress).toContainText("Sprints");
  // The seeded epic owner without a Gantry account is the one thing left out, and the report says why.
  await expect(section.getByText("Left out (1)")).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Olu Outside" })).toContainText(
    "No one in this Gantry organisation has their GitHub login or email",
  );
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({ path: test.info().outputPath(`zenhub-import-done-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  // The board has ZenHub's pipelines, in ZenHub's order, holding its issues.
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}`);
  const headings = page.getByRole("heading", { level: 2 });
  for (const name of ["New Issues", "Icebox", "Backlog", "Sprint Backlog", "In Progress", "Review/QA", "Done"]) {
    await expect(headings.filter({ hasText: name }).first()).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByText("Checkout button does nothing on Safari 17").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("zenhub-import-board.png") });

  // ZenHub's epic keeps its owner (the importer, matched by GitHub login) and its two ZenHub labels: on its card
  // in the board's epic list and on its own panel.
  const { viewer } = await gql<{ viewer: { name: string | null; email: string } }>(
    request,
    demo,
    "{ viewer { name email } }",
  );
  const owner = viewer.name ?? viewer.email;
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}/board`);
  await page.getByText("Display", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Epic list" }).check();
  await page.getByText("Display", { exact: true }).click();
  const epics = page.getByRole("complementary", { name: "Epics" });
  const card = epics.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Checkout revamp/ }) });
  await expect(card.getByRole("list", { name: "Labels" })).toContainText("customer-request");
  await expect(card.getByRole("list", { name: "Assignees" })).toContainText(owner);
  await screenshots(page, "zenhub-import-epic-list");
  await card.getByRole("button", { name: "Open Checkout revamp" }).click();
  const epic = page.getByRole("dialog", { name: "Checkout revamp" });
  const assignees = epic.getByRole("region", { name: "Assignees" });
  // The one owner with a Gantry account; the other was reported, not invented.
  await expect(assignees.getByRole("listitem")).toHaveCount(1);
  await expect(assignees.getByRole("listitem")).toContainText(owner);
  await expect(epic.getByRole("region", { name: "Labels" }).getByRole("listitem")).toHaveText([
    "customer-request",
    "tech-debt",
  ]);
  await screenshots(page, "zenhub-import-epic");
  const labels = epic.getByRole("region", { name: "Labels" });
  await labels.getByRole("button", { name: "Edit labels" }).click();
  await expect(labels.getByRole("option", { name: /tech-debt/ })).toHaveAttribute("aria-selected", "true");
  await screenshots(page, "zenhub-import-epic-labels");
  await page.keyboard.press("Escape");
  await expect(labels.getByRole("listbox")).toHaveCount(0);
  await epic.getByRole("button", { name: "Close" }).click();

  // An issue ZenHub labelled shows its Gantry label in the issue's sidebar, apart from its GitHub labels.
  const { workspace } = await gql<{
    workspace: {
      issues: {
        nodes: {
          number: number;
          repository: { name: string; ownerName: string };
          gantryLabels: { nodes: { name: string }[] };
        }[];
      };
    };
  }>(
    request,
    demo,
    `query ($id: ID!) { workspace(id: $id) { issues(first: 100) { nodes {
      number repository { name ownerName } gantryLabels(first: 10) { nodes { name } } } } } }`,
    { id: workspaceId },
  );
  const labelled = workspace.issues.nodes.find((issue) =>
    issue.gantryLabels.nodes.some((label) => label.name === "tech-debt"),
  );
  expect(labelled, "an imported issue with ZenHub's tech-debt label").toBeDefined();
  const { repository, number } = labelled ?? { repository: { ownerName: "", name: "" }, number: 0 };
  await page.goto(
    `/workspaces/${encodeURIComponent(workspaceId)}/issues/${repository.ownerName}/${repository.name}/${number}`,
  );
  const sidebar = page.getByRole("region", { name: "Fields" });
  await expect(sidebar.getByRole("list", { name: "Gantry labels" })).toContainText("tech-debt");
  await sidebar.screenshot({ path: test.info().outputPath("zenhub-import-issue-gantry-labels.png") });

  // The roadmap has ZenHub's epic and release; the velocity report has the closed sprints' history.
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}/roadmap`);
  await expect(page.getByText("Checkout revamp").filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Spring launch").filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("zenhub-import-roadmap.png") });
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}/reports/velocity`);
  await expect(page.getByText("Sprint 1").filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("zenhub-import-velocity.png") });
});
