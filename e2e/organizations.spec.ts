import { expect, test } from "@playwright/test";
import {
  createAccount,
  createOrganizationWithWorkspaces,
  inviteToOrganization,
  PASSWORD,
  requestAccess,
  signInAs,
} from "./support/gantry-api.js";
import { signUpThroughTheForm } from "./support/journeys.js";
import { latestMail, linkPath, uniqueEmail } from "./support/outbox.js";

const NO_ACCESS = "You don't have access to this workspace";

function uniqueOrganizationName(label: string): string {
  return `${label} ${Date.now()} ${Math.floor(Math.random() * 1e4)}`;
}

test("an organisation's owner invites by mail, an outsider asks for access and is let in", async ({ browser }) => {
  test.setTimeout(90_000);
  const organization = uniqueOrganizationName("Acme");
  const workspaceName = "Mobile app";

  // A creates an organisation from the onboarding, then a workspace in it.
  const owner = await signUpThroughTheForm(browser, "owner");
  await expect(owner.page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
  await owner.page.getByLabel("Organization name").fill(organization);
  await owner.page.getByRole("button", { name: "Create organization" }).click();
  await expect(owner.page.getByRole("heading", { name: organization })).toBeVisible();
  await expect(owner.page.getByText(`No workspaces in ${organization} yet.`)).toBeVisible();
  await owner.page.getByRole("button", { name: `Create a workspace in ${organization}` }).click();
  const creator = owner.page.getByRole("dialog", { name: "Create workspace" });
  await creator.getByLabel("Workspace name").fill(workspaceName);
  await creator.getByRole("button", { name: "Create workspace" }).click();
  await expect(owner.page).toHaveURL(/\/workspaces\/[^/]+$/);
  const workspaceUrl = new URL(owner.page.url()).pathname;
  await expect(owner.page.getByRole("heading", { level: 1, name: workspaceName })).toBeVisible();
  const pipelines = owner.page.getByRole("region", { name: "Pipelines" }).getByRole("heading");
  await expect(pipelines).toHaveText(["New Issues", "Icebox", "Backlog", "In Progress", "Review/QA", "Done", "Closed"]);

  // "Manage organizations" opens the organisation's settings in a new tab, where A invites B.
  await owner.page.getByRole("button", { name: `Organization: ${organization}. Switch organization` }).click();
  await expect(owner.page.getByRole("menu").getByText("Organizations in Gantry")).toBeVisible();
  const [settings] = await Promise.all([
    owner.page.context().waitForEvent("page"),
    owner.page.getByRole("menuitem", { name: "Manage organizations" }).click(),
  ]);
  await expect(settings).toHaveURL(new RegExp(`/settings/o/${encodeURIComponent(organization)}$`));
  await expect(settings.getByRole("heading", { level: 1, name: organization })).toBeVisible();
  const invitee = uniqueEmail("invitee");
  await settings.getByLabel("Email address").fill(invitee);
  await settings.getByRole("button", { name: "Send invitation" }).click();
  await expect(settings.getByRole("status")).toHaveText(`Invitation sent to ${invitee}`);
  await expect(settings.getByRole("list", { name: "Pending invitations" })).toContainText(invitee);

  // B signs up through the mailed link and sees the workspace.
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(linkPath(await latestMail(invited.request, invitee, /You're invited to join/)));
  await expect(invited).toHaveURL(/\/signup\?invite=/);
  await invited.getByLabel("Email").fill(invitee);
  await invited.getByLabel("Password").fill(PASSWORD);
  await invited.getByRole("button", { name: "Sign up" }).click();
  await expect(invited).toHaveURL(/\/landing$/);
  await expect(invited.getByRole("heading", { name: organization })).toBeVisible();
  await expect(invited.getByRole("link", { name: workspaceName })).toBeVisible();
  // The palette offers every workspace.
  await invited.keyboard.press("ControlOrMeta+k");
  await invited.keyboard.type(workspaceName);
  await expect(invited.getByRole("option", { name: `Go to ${workspaceName}` })).toBeVisible();
  await invited.keyboard.press("Enter");
  await expect(invited.getByRole("heading", { level: 1, name: workspaceName })).toBeVisible();

  // C opens the workspace, is turned away, asks for access and sees the request in the dropdown.
  const asker = await signUpThroughTheForm(browser, "asker");
  await asker.page.goto(workspaceUrl);
  await expect(asker.page).toHaveURL(/\/workspace-permissions-error$/);
  await expect(asker.page.getByRole("heading", { name: NO_ACCESS })).toBeVisible();
  await asker.page.getByRole("button", { name: `Request access to ${organization}` }).click();
  await expect(asker.page.getByRole("status")).toContainText("Access requested.");
  await asker.page.getByRole("link", { name: "Back to your workspaces" }).click();
  await asker.page.getByRole("button", { name: "Choose an organization" }).click();
  const requested = asker.page.getByRole("menuitem", { name: new RegExp(organization) });
  await expect(requested).toContainText("Requested");
  await expect(requested).toHaveAttribute("aria-disabled", "true");
  await expect(requested).toHaveAccessibleDescription("Waiting for admin approval to join this organization");
  await asker.page.keyboard.press("Escape");

  // A approves in the settings; C gets in.
  await settings.reload();
  await settings.getByRole("button", { name: `Approve ${asker.email}` }).click();
  await expect(settings.getByText("No one is waiting to join.")).toBeVisible();
  await asker.page.goto(workspaceUrl);
  await expect(asker.page.getByRole("heading", { level: 1, name: workspaceName })).toBeVisible();

  // An outsider opening the workspace's address lands on the permissions error.
  const outsider = await signUpThroughTheForm(browser, "outsider");
  await outsider.page.goto(workspaceUrl);
  await expect(outsider.page).toHaveURL(/\/workspace-permissions-error$/);
  await expect(outsider.page.getByRole("heading", { name: NO_ACCESS })).toBeVisible();
  await expect(outsider.page.getByRole("button", { name: `Request access to ${organization}` })).toBeVisible();

  // A makes B a viewer of the workspace, then deletes it behind its typed name.
  await owner.page.reload();
  await owner.page.getByRole("button", { name: "Workspace settings" }).click();
  await owner.page.getByRole("combobox", { name: `Permission of ${invitee}` }).selectOption("Viewer");
  await expect(owner.page.getByRole("combobox", { name: `Permission of ${invitee}` })).toHaveValue("READ");
  await invited.reload();
  await expect(invited.getByText("Your permission: Viewer")).toBeVisible();
  await expect(invited.getByRole("button", { name: "Workspace settings" })).toHaveCount(0);

  await owner.page.getByRole("button", { name: "Delete workspace" }).click();
  const confirm = owner.page.getByRole("dialog", { name: `Delete ${workspaceName}?` });
  await expect(confirm.getByRole("button", { name: "Delete workspace" })).toBeDisabled();
  await confirm.getByLabel(`Type ${workspaceName} to confirm`).fill(workspaceName);
  await confirm.getByRole("button", { name: "Delete workspace" }).click();
  await expect(owner.page).toHaveURL(/\/landing$/);
  await expect(owner.page.getByText(`No workspaces in ${organization} yet.`)).toBeVisible();
});

test("someone with an account logs in from the invitation's sign-up page and joins", async ({ page }) => {
  const owner = await createAccount(page.request, "owner");
  const member = await createAccount(page.request, "member");
  const organization = uniqueOrganizationName("Initech");
  const { organizationId } = await createOrganizationWithWorkspaces(page.request, owner, organization, [
    { name: "Billing" },
  ]);
  await inviteToOrganization(page.request, owner, organizationId, member.email);
  await page.goto(linkPath(await latestMail(page.request, member.email, /You're invited to join/)));
  await expect(page).toHaveURL(/\/signup\?invite=/);
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole("heading", { name: organization })).toBeVisible();
  await expect(page.getByRole("link", { name: "Billing" })).toBeVisible();
});

test("a made-up invitation token lands on /invalid-invite-token", async ({ page }) => {
  await page.goto("/invite?token=gin_made-up");
  await expect(page).toHaveURL(/\/invalid-invite-token$/);
  await expect(page.getByRole("heading", { name: "This invitation is no longer valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the invitation link again" })).toHaveAttribute(
    "href",
    "/invite?token=gin_made-up",
  );
  await expect(page.getByRole("link", { name: "support@gantry.dev" })).toBeVisible();
});

for (const theme of ["light-mode", "dark-mode"] as const) {
  for (const width of [480, 1440]) {
    test(`organisation screens at ${width}px in ${theme}`, async ({ page }) => {
      const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
      const viewer = await createAccount(page.request, "viewer");
      const neighbour = await createAccount(page.request, "neighbour");
      const stranger = await createAccount(page.request, "stranger");
      const acme = `Acme Rockets ${suffix}`;
      const acmeIds = await createOrganizationWithWorkspaces(page.request, viewer, acme, [
        { name: "Mobile app", description: "The iOS and Android apps, planned sprint by sprint." },
        { name: "Website" },
      ]);
      const globex = await createOrganizationWithWorkspaces(page.request, neighbour, `Globex ${suffix}`, []);
      const initech = await createOrganizationWithWorkspaces(page.request, stranger, `Initech ${suffix}`, [
        { name: "Research" },
      ]);
      await requestAccess(page.request, viewer, globex.organizationId);
      await requestAccess(page.request, neighbour, acmeIds.organizationId);
      await inviteToOrganization(page.request, viewer, acmeIds.organizationId, "new.hire@acme.test");

      await signInAs(page, viewer);
      await page.addInitScript((value) => localStorage.setItem("webapp_theme_preference", value), theme);
      await page.setViewportSize({ width, height: 800 });
      const shot = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
      };

      await page.goto(`/workspaces/${acmeIds.workspaceIds[0]}`);
      await expect(page.getByRole("heading", { level: 1, name: "Mobile app" })).toBeVisible();
      await page.getByRole("button", { name: "Workspace settings" }).click();
      await expect(page.getByRole("complementary", { name: "Workspace settings" })).toContainText("(you)");
      await shot("workspace");
      await page.goto("/landing");
      await expect(page.getByRole("heading", { name: "Recently viewed" })).toBeVisible();
      await shot("landing");

      await page.getByRole("button", { name: /Switch organization/ }).click();
      await expect(page.getByRole("menuitem", { name: /Globex/ })).toContainText("Requested");
      await page.getByRole("menuitem", { name: /Globex/ }).hover();
      await shot("dropdown");
      await page.keyboard.press("Escape");

      await page.goto(`/settings/o/${encodeURIComponent(acme)}`);
      await expect(page.getByRole("heading", { name: "Access requests" })).toBeVisible();
      await shot("settings");

      await page.goto(`/workspaces/${initech.workspaceIds[0]}`);
      await expect(page.getByRole("heading", { name: NO_ACCESS })).toBeVisible();
      await shot("permissions-error");
    });
  }
}
