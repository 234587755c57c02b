import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, PASSWORD } from "./support/gantry-api.js";

const screenshots = join(import.meta.dirname, "..", "docs", "screenshots");

/** Lets `account` into the organisation: it asks, the owner approves (as the settings page would). */
async function letIn(request: Parameters<typeof gql>[0], owner: Account, account: Account, organizationId: string) {
  const asked = await gql<{ requestGantryOrganizationAccess: { accessRequest: { id: string } } }>(
    request,
    account,
    "mutation ($org: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $org }) { accessRequest { id } } }",
    { org: organizationId },
  );
  await gql(
    request,
    owner,
    "mutation ($id: ID!) { approveAccessRequest(input: { accessRequestId: $id }) { accessRequest { id } } }",
    { id: asked.requestGantryOrganizationAccess.accessRequest.id },
  );
}

test("an admin signs in, changes a role and removes a member, then reads both in the organisation's audit log", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = await createAccount(page.request, "audit-owner");
  const promoted = await createAccount(page.request, "audit-promoted");
  const removed = await createAccount(page.request, "audit-removed");
  const name = `Audit ${Date.now()} ${Math.floor(Math.random() * 1e4)}`;
  const { organizationId } = await createOrganizationWithWorkspaces(page.request, owner, name, [{ name: "Web" }]);
  await letIn(page.request, owner, promoted, organizationId);
  await letIn(page.request, owner, removed, organizationId);

  // The owner signs in through the form.
  await page.goto("/login");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/landing$/);

  await page.goto(`/settings/o/${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const role = page.getByLabel(`Role of ${promoted.email}`);
  await role.selectOption({ label: "Admin" });
  await expect(role).toHaveValue("ADMIN");
  await expect(role).toBeEnabled();
  await page.getByRole("button", { name: `Remove ${removed.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("button", { name: `Remove ${removed.email}` })).toBeHidden();

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Removed from the organization");
  await expect(rows.nth(1)).toContainText(removed.email);
  await expect(rows.nth(2)).toContainText("Changed an organization role");
  await expect(rows.nth(2)).toContainText(`${promoted.email}member → admin`);
  await expect(rows.nth(2)).toContainText(owner.email);
  // Both came from this browser, so both carry its address.
  await expect(rows.nth(2).getByRole("cell").nth(4)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

  await page.getByLabel("Action").selectOption({ label: "Changed an organization role" });
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("1 event", { exact: true })).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "All actions" });
  await expect(rows).toHaveCount(3);

  mkdirSync(screenshots, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const shot = test.info().outputPath(`audit-log-${scheme}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    copyFileSync(shot, join(screenshots, `audit-log-${scheme}.png`));
  }
});

test("a member sees no audit log link and gets the forbidden state at its address", async ({ page }) => {
  const owner = await createAccount(page.request, "audit-owner2");
  const member = await createAccount(page.request, "audit-member");
  const name = `Audit ${Date.now()} ${Math.floor(Math.random() * 1e4)}`;
  const { organizationId } = await createOrganizationWithWorkspaces(page.request, owner, name, []);
  await letIn(page.request, owner, member, organizationId);
  await page.addInitScript((token) => localStorage.setItem("authV2_token", token), member.token);

  await page.goto(`/settings/o/${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await page.goto(`/settings/o/${encodeURIComponent(name)}/audit-log`);
  await expect(page.getByRole("heading", { name: "You can't see this page" })).toBeVisible();
  await expect(page.getByText("Only organization owners and admins can read the audit log.")).toBeVisible();
});
