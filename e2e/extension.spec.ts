import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, type FrameLocator, type Page, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, PASSWORD, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";

const root = join(import.meta.dirname, "..");
/** `npm run build` leaves the unpacked extension here. */
const extensionDir = join(root, "apps/extension/.output/chrome-mv3");
const fixtures = join(import.meta.dirname, "fixtures/github");

type ColorMode = "light" | "dark";

/**
 * Debian's Chromium with the unpacked extension, and github.com answered from the saved pages
 * in e2e/fixtures/github: nothing leaves the machine.
 */
async function launchWithExtension(github: { owner: string; issueTitle: string; colorMode: () => ColorMode }) {
  const profile = mkdtempSync(join(tmpdir(), "gantry-extension-"));
  const context = await chromium.launchPersistentContext(profile, {
    headless: false,
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    viewport: { width: 1280, height: 860 },
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  const fill = (name: string, values: Record<string, string>) =>
    Object.entries(values).reduce(
      (html, [key, value]) => html.replaceAll(`{{${key}}}`, value),
      readFileSync(join(fixtures, name), "utf8"),
    );
  await context.route("https://github.githubassets.com/**", (route) =>
    route.fulfill({ contentType: "text/css", body: readFileSync(join(fixtures, "github.css"), "utf8") }),
  );
  await context.route("https://github.com/**", (route) => {
    const { pathname } = new URL(route.request().url());
    const values = { owner: github.owner, repo: "api", colorMode: github.colorMode() };
    if (pathname === `/${github.owner}/api`)
      return route.fulfill({ contentType: "text/html", body: fill("repository.html", values) });
    if (pathname === `/${github.owner}/api/issues/1`) {
      return route.fulfill({
        contentType: "text/html",
        body: fill("issue.html", { ...values, number: "1", title: github.issueTitle }),
      });
    }
    return route.fulfill({ status: 404, contentType: "text/plain", body: "Not in the saved pages" });
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The Gantry app inside the extension's frame inside GitHub's page. */
const gantryIn = (page: Page, title: string): FrameLocator =>
  page.frameLocator(`iframe[title="${title}"]`).frameLocator('iframe[title="Gantry"]');

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test("the extension signs in from GitHub's page, shows the board in a Gantry tab and the issue's fields in its sidebar; a move there shows in the web app", async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const login = `ext-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  // The extension signs in with a password, so the account has one and GitHub connected to it.
  const account = await createAccount(request, "extension");
  const github = await signInWithGitHub(request, { newLogin: login }, account);
  const sandbox = await sandboxApi(request, login);
  expect((await sandbox.post("/user/repos", { name: "api" })).status()).toBe(201);
  for (const title of ["Checkout flow", "Payment retries"]) {
    expect((await sandbox.post(`/repos/${login}/api/issues`, { title })).status()).toBe(201);
  }
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, github, `Extension Co ${login}`, [{ name: "Checkout" }]);
  await connectRepository(request, github, workspaceId, "api", 2);

  let colorMode: ColorMode = "light";
  const chromiumWithExtension = await launchWithExtension({
    owner: login,
    issueTitle: "Checkout flow",
    colorMode: () => colorMode,
  });
  const { context, extensionId } = chromiumWithExtension;
  try {
    // The options page points the extension at the server under test (a local origin it may reach already).
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.getByLabel("Gantry server address")).toHaveValue("http://localhost:3000");
    await options.getByLabel("Gantry server address").fill(baseURL ?? "");
    await options.getByRole("button", { name: "Save" }).click();
    await expect(options.getByRole("status")).toHaveText("Saved.");
    await options.close();

    const repository = await context.newPage();
    await repository.goto(`https://github.com/${login}/api`);
    const tab = repository.getByRole("navigation", { name: "Repository" }).getByRole("link", { name: "Gantry" });
    await tab.click();
    await expect(tab).toHaveAttribute("aria-current", "page");
    await expect(repository.locator("#repo-content-turbo-frame")).toBeHidden();

    // Signed out: the frame offers the extension's sign-in, which opens Gantry's sign-in in a tab.
    const frame = repository.frameLocator('iframe[title="Gantry board"]');
    const signInTab = context.waitForEvent("page");
    await frame.getByRole("button", { name: "Sign in to Gantry" }).click();
    const signIn = await signInTab;
    await expect(signIn.getByRole("heading", { name: "Sign in to the Gantry extension" })).toBeVisible();
    await signIn.getByLabel("Email").fill(account.email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await expect(signIn.getByText("You're signed in to Gantry.")).toBeVisible();
    expect(new URL(signIn.url()).hash).toBe("");
    await signIn.close();

    // The tab shows the board of the workspace holding this repository.
    const board = gantryIn(repository, "Gantry board");
    const newIssues = board.getByRole("region", { name: "New Issues", exact: true });
    await expect(newIssues.getByRole("link", { name: "Checkout flow", exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(newIssues.getByRole("link", { name: "Payment retries", exact: true })).toBeVisible();
    await screenshot(repository, "extension-tab-light");

    // The issue page gets a Gantry section in its sidebar; moving the issue there is a board move.
    const issue = await context.newPage();
    await issue.goto(`https://github.com/${login}/api/issues/1`);
    await expect(issue.getByRole("region", { name: "Gantry" })).toBeVisible();
    const sidebar = gantryIn(issue, "Gantry issue fields");
    const pipelineButton = sidebar.getByRole("button", { name: "Pipeline" });
    await expect(pipelineButton).toBeEnabled({ timeout: 30_000 });
    await screenshot(issue, "extension-sidebar-light");
    await pipelineButton.click();
    const picker = sidebar.getByRole("dialog", { name: "Move this issue to a pipeline" });
    await picker.getByRole("option", { name: "In Progress", exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(sidebar.getByText("In Progress")).toBeVisible();

    // GitHub's dark theme reaches the embedded app.
    colorMode = "dark";
    await issue.reload();
    await expect(gantryIn(issue, "Gantry issue fields").getByRole("button", { name: "Pipeline" })).toBeEnabled({
      timeout: 30_000,
    });
    await expect(gantryIn(issue, "Gantry issue fields").locator("html")).toHaveAttribute("data-color-mode", "dark");
    await screenshot(issue, "extension-sidebar-dark");
    // The hash keeps the Gantry tab open across the reload that brings GitHub's dark page.
    await repository.goto(`https://github.com/${login}/api#gantry`);
    await repository.reload();
    await expect(
      gantryIn(repository, "Gantry board")
        .getByRole("region", { name: "In Progress", exact: true })
        .getByRole("link", { name: "Checkout flow", exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await screenshot(repository, "extension-tab-dark");
  } finally {
    await chromiumWithExtension.close();
  }

  // The move made in the extension is on the web app's board.
  const web = await browser.newPage();
  await signInAs(web, account);
  await web.goto(`/workspaces/${workspaceId}/board`);
  await expect(
    web
      .getByRole("region", { name: "In Progress", exact: true })
      .getByRole("link", { name: "Checkout flow", exact: true }),
  ).toBeVisible();
  await web.close();
});
