import { expect, type Locator, type Page, test } from "@playwright/test";
import { createNativeIssue, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { openIssue, picker, pickMany, pickOne, row } from "./support/issue-sidebar.js";

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const card = (column: Locator, title: string) =>
  column.locator("article").filter({ has: column.page().getByRole("link", { name: title, exact: true }) });

test("an epic's three sub-issues across two repositories and a native issue, estimated and blocked from the sidebar, change the board's counts, progress and badges", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const login = `fields-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const owner = await signInWithGitHub(page.request, { newLogin: login });
  const github = await sandboxApi(page.request, login);
  for (const name of ["api", "web"]) expect((await github.post("/user/repos", { name })).status()).toBe(201);
  for (const [repo, title] of [
    ["api", "Checkout v2"],
    ["api", "Payment API"],
    ["web", "Pay button"],
  ])
    expect((await github.post(`/repos/${login}/${repo}/issues`, { title })).status()).toBe(201);
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Fields Co ${login}`, [{ name: "Checkout" }]);
  await connectRepository(page.request, owner, workspaceId, "api", 2);
  await connectRepository(page.request, owner, workspaceId, "web", 3);
  await createNativeIssue(page.request, owner, workspaceId, "Release notes");
  await gql(
    page.request,
    owner,
    'mutation ($w: ID!) { createGantryEpic(input: { workspaceId: $w, gantryEpic: { title: "Checkout launch" } }) { gantryEpic { id } } }',
    { w: workspaceId },
  );

  await signInAs(page, owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  const newIssues = pipeline(page, "New Issues");
  await expect(newIssues).toContainText("4 Issues / 0 PRs / 0 Points");

  // Three sub-issues of "Checkout v2" — two repositories and a native issue — estimated, in the
  // Gantry epic, by keys (U, E, Shift+E) for the first two and by the buttons for the native one.
  const children = [
    { title: "Payment API", points: "3 points" },
    { title: "Pay button", points: "5 points" },
  ];
  for (const child of children) {
    const { fields } = await openIssue(page, child.title);
    await page.keyboard.press("u");
    await pickOne(page, "Make this a sub-issue of", "#1 Checkout v2", "Checkout");
    await expect(row(fields, "Parent issue")).toContainText("#1 Checkout v2");
    await page.keyboard.press("e");
    await pickOne(page, "Estimate this issue", child.points);
    await expect(row(fields, "Estimate")).toContainText(child.points);
    await page.keyboard.press("Shift+E");
    await pickMany(page, "Add this issue to epics", ["Checkout launch"]);
    await expect(row(fields, "Epic")).toContainText("Checkout launch");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: /^Issue #/ })).toBeHidden();
  }

  const { flyover, fields } = await openIssue(page, "Release notes");
  await fields.getByRole("button", { name: "Parent issue" }).click();
  await pickOne(page, "Make this a sub-issue of", "#1 Checkout v2", "Checkout");
  await fields.getByRole("button", { name: "Estimate", exact: true }).click();
  await pickOne(page, "Estimate this issue", "2 points");
  await fields.getByRole("button", { name: "Epic" }).click();
  await pickMany(page, "Add this issue to epics", ["Checkout launch"]);
  // A dependency: the release notes wait for the payment API.
  await page.keyboard.press("b");
  await pickMany(page, "Issues blocking this one", ["#2 Payment API"], "Payment");
  await expect(row(fields, "Blocked by")).toContainText("#2 Payment API");
  await expect(row(fields, "Estimate")).toContainText("2 points");
  await expect(row(fields, "Parent issue")).toContainText("#1 Checkout v2");
  // The other way round would be a cycle: refused, said over the flyover, and not shown.
  await page.keyboard.press("Shift+B");
  await pickMany(page, "Issues this one blocks", ["#2 Payment API"], "Payment");
  await expect(
    page.getByText("Blocking was not changed: This dependency would create a cycle: #1 already depends on #2."),
  ).toBeVisible();
  await expect(row(fields, "Blocking")).toContainText("Blocks nothing");

  // The viewer with its sidebar, light and dark, at laptop and wide widths.
  for (const width of [1280, 1680]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`issue-sidebar-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("l");
  await expect(picker(page, "Apply labels to this issue")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("issue-sidebar-labels-open.png") });
  await page.keyboard.press("Escape");
  // "?" lists the viewer's field keys while it is open.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("region", { name: "Issue" })).toContainText("Move this issue to a pipeline");
  await page.screenshot({ path: test.info().outputPath("issue-sidebar-shortcut-help.png") });
  await help.getByRole("button", { name: "Close" }).click();
  await page.keyboard.press("Escape");
  await expect(flyover).toBeHidden();

  // The board: 10 points in New Issues, the parent's sub-issue progress, the blocked badge.
  await expect(newIssues).toContainText("4 Issues / 0 PRs / 10 Points");
  await expect(card(newIssues, "Checkout v2").getByLabel("Sub-issues done: 0/3")).toBeVisible();
  await expect(card(newIssues, "Release notes").getByLabel("Blocked by 1 issue")).toBeVisible();
  await expect(card(newIssues, "Payment API").getByLabel("Blocking 1 issue")).toBeVisible();

  // Closing a sub-issue from its sidebar (P, Closed) moves the progress and the counts.
  await openIssue(page, "Payment API");
  await page.keyboard.press("p");
  await pickOne(page, "Move this issue to a pipeline", "Closed");
  await page.keyboard.press("Escape");
  await expect(newIssues).toContainText("3 Issues / 0 PRs / 7 Points");
  await expect(card(newIssues, "Checkout v2").getByLabel("Sub-issues done: 1/3")).toBeVisible();

  // What the sidebar did is what the server holds.
  await page.reload();
  await expect(newIssues).toContainText("3 Issues / 0 PRs / 7 Points");
  await expect(card(newIssues, "Checkout v2").getByLabel("Sub-issues done: 1/3")).toBeVisible();
  await expect(card(newIssues, "Release notes").getByLabel("Blocked by 1 issue")).toBeVisible();

  // The issue's own page carries the same sidebar.
  await page.goto(`/workspaces/${workspaceId}/issues/1`);
  const page1 = page.getByRole("main");
  await expect(row(page1.getByRole("region", { name: "Fields" }), "Blocked by")).toContainText("#2 Payment API");
  await page.setViewportSize({ width: 1680, height: 900 });
  await page.screenshot({ path: test.info().outputPath("issue-page-sidebar-1680-light.png") });
});
