import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Account, createOrganizationWithWorkspaces, gql, PASSWORD } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { atLocalhost } from "./support/journeys.js";
import { latestMail, linkPath, uniqueEmail } from "./support/outbox.js";

/** Someone invited to the organisation signs up through the mailed link at `origin`; answers their page and session. */
async function joinByInvitation(
  browser: Browser,
  owner: Account,
  organizationId: string,
  label: string,
  origin: string,
): Promise<{ page: Page; account: Account; userId: string }> {
  const email = uniqueEmail(label);
  const { request } = await browser.newContext();
  await gql(
    request,
    owner,
    "mutation ($org: ID!, $email: String!) { createGantryOrganizationInvite(input: { gantryOrganizationId: $org, email: $email }) { token } }",
    { org: organizationId, email },
  );
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(origin + linkPath(await latestMail(page.request, email, /You're invited to join/)));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(`${origin}/landing`);
  const token = (await page.evaluate(() => localStorage.getItem("authV2_token"))) ?? "";
  const account = { email, token };
  const { viewer } = await gql<{ viewer: { id: string } }>(page.request, account, "{ viewer { id } }");
  return { page, account, userId: viewer.id };
}

/**
 * Issue #27: the same first day as a member (an editor of the workspace, without GitHub) and a
 * viewer, each seeing what they may do and not what they may not.
 */
test("a member and a viewer on the team's first day: what each can see and press", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { request } = await browser.newContext();
  const login = `teamlead-${suffix}`;
  const owner = await signInWithGitHub(request, { newLogin: login });
  const github = await sandboxApi(request, login);
  expect((await github.post("/user/repos", { name: "web" })).status()).toBe(201);
  for (const title of ["Cart badge shows 0", "Checkout button overlaps footer"])
    expect((await github.post(`/repos/${login}/web/issues`, { title })).status()).toBe(201);
  const organization = `Juniper ${suffix}`;
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, owner, organization, [{ name: "Storefront" }]);
  await connectRepository(request, owner, workspaceId, "web", 2);
  await gql(
    request,
    owner,
    "mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id } } }",
    {
      input: { workspaceId, name: "High", color: "#d1242f" },
    },
  );

  // The member joins at localhost, the viewer at 127.0.0.1; the owner makes the viewer a viewer.
  const member = await joinByInvitation(browser, owner, organizationId, "member", atLocalhost(baseURL));
  const viewer = await joinByInvitation(browser, owner, organizationId, "viewer", new URL(baseURL ?? "").origin);
  await gql(
    request,
    owner,
    "mutation ($workspaceId: ID!, $userId: ID!) { updateWorkspaceGantryUserRole(input: { workspaceId: $workspaceId, workspaceUserRoles: [{ gantryUserId: $userId, role: READ }] }) { workspace { id } } }",
    { workspaceId, userId: viewer.userId },
  );

  // The member: an editor, who may add and triage issues but not change the workspace's settings.
  const { page } = member;
  await page.getByRole("link", { name: "Storefront" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Storefront" })).toBeVisible();
  await expect(page.getByText("Your permission: Editor")).toBeVisible();
  await expect(page.getByRole("button", { name: `Organization: ${organization}. Switch organization` })).toBeVisible();
  await expect(page.getByRole("region", { name: "New Issues" }).getByText("2 Issues / 0 PRs / 0 Points")).toBeVisible();
  await expect(page.getByRole("button", { name: "Workspace settings" })).toHaveCount(0);
  // Importing needs the member's own GitHub account: they are offered to connect it, not buttons that would fail.
  await expect(page.getByRole("button", { name: "Connect GitHub" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import repositories" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create test repository" })).toHaveCount(0);

  await page.getByRole("link", { name: "Board", exact: true }).click();
  await expect(page.getByRole("button", { name: "New issue", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Cart badge shows 0", exact: true }).click();
  const fields = page.getByRole("dialog", { name: /^Issue #\d+$/ }).getByRole("region", { name: "Fields" });
  await fields.getByRole("button", { name: "Priority", exact: true }).click();
  const priorities = page.getByRole("dialog", { name: "Set this issue's priority" });
  await expect(priorities.getByRole("option")).toHaveText(["No priority", "High"]);
  await priorities.getByRole("option", { name: "High" }).click();
  await expect(fields).toContainText("High");
  await page.keyboard.press("Escape");
  const card = page.getByRole("article", { name: /Cart badge shows 0/ });
  await expect(card.getByTitle("Priority: High")).toBeVisible();
  // Ctrl K finds the other issue by its title.
  await page.keyboard.press("Control+k");
  await page.getByRole("dialog", { name: "Command palette" }).getByRole("combobox").fill("overlaps");
  await expect(page.getByRole("option", { name: "#2 Checkout button overlaps footer" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.screenshot({ path: "docs/screenshots/journey-member.png" });

  // The viewer: reads the same workspace and board, and is offered nothing that changes them.
  const seen = viewer.page;
  await seen.getByRole("link", { name: "Storefront" }).first().click();
  await expect(seen.getByText("Your permission: Viewer")).toBeVisible();
  for (const name of ["Workspace settings", "Connect GitHub", "Import repositories", "Create test repository"])
    await expect(seen.getByRole("button", { name })).toHaveCount(0);
  await seen.getByRole("link", { name: "Board", exact: true }).click();
  await expect(seen.getByText("You can view this board; moving cards needs write access.")).toBeVisible();
  await expect(seen.getByRole("button", { name: "New issue", exact: true })).toHaveCount(0);
  const viewerCard = seen.getByRole("article", { name: /Cart badge shows 0/ });
  await expect(viewerCard.getByTitle("Priority: High")).toBeVisible();
  await seen.getByRole("link", { name: "Cart badge shows 0", exact: true }).click();
  const viewerFields = seen.getByRole("dialog", { name: /^Issue #\d+$/ }).getByRole("region", { name: "Fields" });
  await expect(viewerFields.getByRole("button", { name: "Priority", exact: true })).toBeDisabled();
  await expect(viewerFields).toContainText("High");
  await seen.screenshot({ path: "docs/screenshots/journey-viewer.png" });
});
