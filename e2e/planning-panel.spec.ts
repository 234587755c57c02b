import { expect, type Page, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";

const TITLES = ["Checkout revamp", "Payment form", "Receipt emails", "Rate limits"];

/** Native issues in a workspace, created in the order given; their global ids by title. */
async function nativeIssues(page: Page, owner: Account, workspaceId: string, titles: string[]) {
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    page.request,
    owner,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const ids: Record<string, string> = {};
  for (const title of titles) {
    const created = await gql<{ createIssue: { issue: { id: string } } }>(
      page.request,
      owner,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title } },
    );
    ids[title] = created.createIssue.issue.id;
  }
  return ids;
}

const rows = (page: Page) => page.getByRole("treeitem");
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

/** The tree's rows as titles, top to bottom, each indented by its level. */
async function outline(page: Page) {
  const entries = await rows(page).evaluateAll((elements) =>
    elements.map((element) => ({ text: element.textContent ?? "", level: element.getAttribute("aria-level") })),
  );
  return entries.map(
    ({ text, level }) => `${level === "1" ? "" : "  "}${TITLES.find((title) => text.includes(title))}`,
  );
}

const themes = ["light", "dark"] as const;

test("strategic planning: a tree across workspaces, moved by keyboard and by drag, kept after a reload", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await createAccount(page.request, "planning");
  const {
    organizationId,
    workspaceIds: [web = "", api = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Planning Co ${Date.now().toString(36)}`, [
    { name: "Web" },
    { name: "API" },
  ]);
  const ids = {
    ...(await nativeIssues(page, owner, web, ["Checkout revamp", "Payment form", "Receipt emails"])),
    ...(await nativeIssues(page, owner, api, ["Rate limits"])),
  };
  await gql(
    page.request,
    owner,
    "mutation ($parentId: ID!, $childIssueIds: [ID!]!) { addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds }) { successCount } }",
    { parentId: ids["Checkout revamp"], childIssueIds: [ids["Payment form"]] },
  );

  await signInAs(page, owner);
  await page.goto(`/organizations/${encodeURIComponent(organizationId)}/planning`);
  await expect(page.getByRole("heading", { name: /^Strategic planning · Planning Co/ })).toBeVisible();
  await expect.poll(() => outline(page)).toEqual(["Checkout revamp", "Receipt emails", "Rate limits"]);

  // Sub-issues load when their parent is first expanded.
  await row(page, "Checkout revamp")
    .getByRole("button", { name: /^Expand/ })
    .click();
  await expect
    .poll(() => outline(page))
    .toEqual(["Checkout revamp", "  Payment form", "Receipt emails", "Rate limits"]);

  // Keyboard: Alt+↑ moves Rate limits (another workspace's issue) above Receipt emails.
  await row(page, "Rate limits").focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect
    .poll(() => outline(page))
    .toEqual(["Checkout revamp", "  Payment form", "Rate limits", "Receipt emails"]);
  await expect(row(page, "Rate limits")).toBeFocused();

  // Rows cannot be dragged while a move is being saved.
  await expect(page.getByRole("tree")).not.toHaveAttribute("aria-busy", "true");

  // Drag: Receipt emails held over the middle of Checkout revamp highlights it as the new parent (the
  // hitbox's make-child), and dropped there becomes its last sub-issue.
  const target = row(page, "Checkout revamp");
  const from = await row(page, "Receipt emails").boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("the rows are not drawn");
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2 - 8, { steps: 2 });
  const middle = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await page.mouse.move(middle.x, middle.y, { steps: 10 });
  // A driven drag fires dragover only when the pointer moves (a hand on a mouse never keeps still), and
  // the library announces its drag a frame after dragstart: nudge the pointer until the target answers.
  let nudge = 0;
  await expect
    .poll(async () => {
      nudge += 1;
      await page.mouse.move(middle.x + (nudge % 2), middle.y);
      return target.getAttribute("data-drop-instruction");
    })
    .toBe("make-child");
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`planning-make-child-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.mouse.up();
  const moved = ["Checkout revamp", "  Payment form", "  Receipt emails", "Rate limits"];
  await expect.poll(() => outline(page)).toEqual(moved);
  await expect(target).not.toHaveAttribute("data-drop-instruction");
  await expect(page.getByRole("tree")).not.toHaveAttribute("aria-busy", "true");

  // Keyboard: Alt+← takes Receipt emails out of its parent to just below it, Alt+→ makes it the last
  // sub-issue of the issue above it again; each move is saved.
  await row(page, "Receipt emails").focus();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect
    .poll(() => outline(page))
    .toEqual(["Checkout revamp", "  Payment form", "Receipt emails", "Rate limits"]);
  await expect(page.getByRole("tree")).not.toHaveAttribute("aria-busy", "true");
  await expect(row(page, "Receipt emails")).toBeFocused();
  await page.keyboard.press("Alt+ArrowRight");
  await expect.poll(() => outline(page)).toEqual(moved);
  await expect(page.getByRole("tree")).not.toHaveAttribute("aria-busy", "true");

  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`planning-panel-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.reload();
  await expect.poll(() => outline(page)).toEqual(["Checkout revamp", "Rate limits"]);
  await row(page, "Checkout revamp")
    .getByRole("button", { name: /^Expand/ })
    .click();
  await expect.poll(() => outline(page)).toEqual(moved);

  // The filter bar narrows the tree: a matching sub-issue shows at the top when its parent does not match.
  await page.getByLabel("Search").fill("receipt");
  await expect.poll(() => outline(page)).toEqual(["Receipt emails"]);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => outline(page)).toEqual(["Checkout revamp", "Rate limits"]);
});
