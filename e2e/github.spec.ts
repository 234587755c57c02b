import { expect, type Page, test } from "@playwright/test";

/** "Continue with GitHub" from /login, through the hub sandbox's consent page, as one of its seeded users. */
async function continueWithGitHub(page: Page, login: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the hub sandbox" })).toBeVisible();
  await page.getByRole("button", { name: `Continue as ${login}` }).click();
  await expect(page).toHaveURL(/\/landing$/);
  // The session came in the fragment, which is gone from the address.
  expect(new URL(page.url()).hash).toBe("");
}

test("Continue with GitHub, create a test repository, import two repositories and see their issues", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await continueWithGitHub(page, "demo");
  await expect(page.getByRole("region", { name: "GitHub" })).toContainText("Connected as @demo");

  // Create a test repository under the user's own account.
  const repositoryName = `sandbox-${suffix}`;
  await page.getByRole("button", { name: "Create test repository" }).click();
  const modal = page.getByRole("dialog", { name: "Create test repository" });
  await expect(modal.getByRole("button", { name: /GitHub organization/ })).toContainText("@demo");
  await expect(modal.getByRole("radio", { name: "Private" })).toBeChecked();
  await expect(modal.getByRole("button", { name: "Create test repository" })).toBeDisabled();
  await modal.getByLabel("Repository name").fill(repositoryName);
  await modal.getByLabel(/Description/).fill("Trying Gantry out");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`create-test-repository-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await modal.getByRole("button", { name: "Create test repository" }).click();
  await expect(page.getByText(`[${repositoryName}] test repository was created successfully`)).toBeVisible();
  await expect(modal).toBeHidden();

  // The same name again is refused, under the name field; editing it clears the message.
  await page.getByRole("button", { name: "Create test repository" }).click();
  await modal.getByLabel("Repository name").fill(repositoryName);
  await modal.getByRole("button", { name: "Create test repository" }).click();
  const taken = modal.getByText(`This repository ${repositoryName} already exists on this GitHub organization`);
  await expect(taken).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("create-test-repository-taken.png") });
  await modal.getByLabel("Repository name").press("End");
  await modal.getByLabel("Repository name").pressSequentially("-2");
  await expect(taken).toBeHidden();
  await modal.getByRole("button", { name: "Cancel" }).click();

  // An organisation and a workspace to import into.
  const organization = `Demo Co ${suffix}`;
  // Specs running beside this one (ZenHub import, GitHub relations) may already have given demo an organisation:
  // then the landing page lists it, and a new one is made from the header's menu, as such a person would.
  const firstOrganization = page.getByRole("heading", { name: "Create your organization" });
  const switcher = page.getByRole("button", { name: /Switch organization$/ });
  await expect(firstOrganization.or(switcher)).toBeVisible();
  let organizationForm = page.locator("body");
  if (!(await firstOrganization.isVisible())) {
    await switcher.click();
    await page.getByRole("menuitem", { name: "Create new organization" }).click();
    organizationForm = page.getByRole("dialog", { name: "Create new organization" });
  }
  await organizationForm.getByLabel("Organization name").fill(organization);
  await organizationForm.getByRole("button", { name: "Create organization" }).click();
  await page.getByRole("button", { name: `Create a workspace in ${organization}` }).click();
  const creator = page.getByRole("dialog", { name: "Create workspace" });
  await creator.getByLabel("Workspace name").fill("Launch");
  await creator.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Launch" })).toBeVisible();
  await expect(page.getByText("No GitHub repositories yet.")).toBeVisible();

  // The organisation dropdown lists the GitHub accounts too: the user's own as "@demo", and acme.
  await page.getByRole("button", { name: `Organization: ${organization}. Switch organization` }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Organizations with access to Gantry")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "@demo" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "acme" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("organization-dropdown-github.png") });
  // Picking one not yet in Gantry offers to create its organisation under its name.
  await menu.getByRole("menuitem", { name: "acme" }).click();
  const organizationCreator = page.getByRole("dialog", { name: "Create new organization" });
  await expect(organizationCreator.getByLabel("Organization name")).toHaveValue("acme");
  await organizationCreator.getByRole("button", { name: "Cancel" }).click();

  // Import two repositories, one at a time behind a saving toast.
  await page.getByRole("button", { name: "Import repositories" }).click();
  const importer = page.getByRole("dialog", { name: "Import repositories" });
  await importer.getByRole("option", { name: /acme\/web-app/ }).click();
  await importer.getByRole("option", { name: /demo\/notes/ }).click();
  await page.screenshot({ path: test.info().outputPath("import-repositories.png") });
  await importer.getByRole("button", { name: "Import 2 repositories" }).click();
  await expect(page.getByText("Importing repositories...")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("import-saving-toast.png") });
  await expect(page.getByText("Repositories imported successfully!")).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("import-success-toast.png") });

  for (const name of ["acme/web-app", "demo/notes"]) {
    const panel = page.getByRole("article", { name });
    await expect(panel.getByText(/^Imported \d+$/)).toBeVisible({ timeout: 30_000 });
    await expect(
      panel
        .getByRole("list", { name: `Issues in ${name}` })
        .getByRole("listitem")
        .first(),
    ).toBeVisible();
    await expect(panel.getByText("Webhook", { exact: true })).toBeVisible();
  }
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole("region", { name: "Repositories" }).screenshot({
      path: test.info().outputPath(`repository-panels-${scheme}.png`),
    });
  }
});

test("a failed GitHub sign-in comes back to /login with its message", async ({ page }) => {
  await page.goto(
    `/login?authError=${encodeURIComponent("github sign-in expired or was tampered with, please try again.")}`,
  );
  await expect(page.getByRole("alert")).toHaveText("Signing in with GitHub didn't finish. Please try again.");
  await page.screenshot({ path: test.info().outputPath("login-github-error.png") });
  // Without a case, the workspace authentication-failed page shows the default one.
  await page.goto("/workspace-authentication-failed");
  await expect(page.getByRole("heading", { name: "Your token has expired" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("workspace-authentication-failed.png") });
});

for (const hostname of ["127.0.0.1", "localhost"]) {
  test(`Continue with GitHub comes back signed in when Gantry was opened at ${hostname}`, async ({ page, baseURL }) => {
    // PUBLIC_URL names 127.0.0.1; a person who typed localhost must not end on "sign-in expired".
    const opened = new URL(baseURL ?? "");
    opened.hostname = hostname;
    await page.goto(new URL("/login", opened).toString());
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.getByRole("button", { name: "Continue as mona" }).click();
    await expect(page).toHaveURL(new RegExp(`^http://${hostname.replace(/\./g, "\\.")}:\\d+/landing$`));
    await expect(page.getByRole("region", { name: "GitHub" })).toContainText("Connected as @mona");
  });
}
