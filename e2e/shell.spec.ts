import { expect, type Page, test } from "@playwright/test";
import { latestMail, linkPath, uniqueEmail } from "./support/outbox.js";

const OFFLINE = "Looks like you're offline. Some actions may not work";
const POLL_MS = 30_000;

/** A verified account signed in through the API, so these specs start on the shell, not the login form. */
async function signIn(page: Page): Promise<void> {
  const email = uniqueEmail("shell");
  const password = "Correct-horse-9";
  expect((await page.request.post("/api/auth/signup", { data: { email, password } })).ok()).toBe(true);
  const link = new URL(linkPath(await latestMail(page.request, email, /Verify your email/)), "http://gantry.test");
  const token = link.searchParams.get("token");
  expect((await page.request.post("/api/auth/verify-email", { data: { email, token } })).ok()).toBe(true);
  const login = await page.request.post("/api/auth/login", { data: { email, password } });
  const session = (await login.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem("authV2_token", value), session.token);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the offline toast shows while /version.json cannot be reached and goes when it answers again", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/landing");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Gantry" })).toBeVisible();

  await page.route("**/version.json*", (route) => route.abort("internetdisconnected"));
  await page.clock.runFor(POLL_MS);
  await expect(page.getByRole("alert")).toHaveText(OFFLINE);
  await page.screenshot({ path: test.info().outputPath("offline.png") });

  await page.unroute("**/version.json*");
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test("a newer build on the server is offered as a reload", async ({ page }) => {
  await page.clock.install();
  await page.goto("/landing");
  await expect(page.getByRole("banner")).toBeVisible();
  await page.route("**/version.json*", (route) => route.fulfill({ json: { version: "4.5.51", buildId: "newer" } }));
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText("A new version of Gantry is available.")).toBeVisible();
  await page.unroute("**/version.json*");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByText("A new version of Gantry is available.")).toHaveCount(0);
});

test("the command palette opens with the keyboard and runs what is picked", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByRole("banner")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await page.keyboard.type("shortcuts");
  await expect(palette.getByRole("option")).toHaveText(["Show keyboard shortcuts?"]);
  await page.screenshot({ path: test.info().outputPath("palette.png") });
  await page.keyboard.press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
});

test("what is typed right after Ctrl K on a first visit lands in the palette once its code arrives", async ({
  page,
}) => {
  // The palette's code is read on first use (decision 0072); here it arrives only after the typing.
  let typed: () => void = () => undefined;
  const typingDone = new Promise<void>((resolve) => {
    typed = resolve;
  });
  let asked = false;
  await page.route("**/assets/CommandPalette-*.js", async (route) => {
    asked = true;
    await typingDone;
    await route.continue();
  });
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Welcome to Gantry" })).toBeVisible();
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type("shortcuts?");
  await page.keyboard.press("Backspace");
  await expect.poll(() => asked).toBe(true);
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toHaveCount(0);
  // "?" was the palette's, not the page's shortcut for the sheet.
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);

  typed();
  await expect(palette.getByRole("combobox", { name: "Command palette" })).toHaveValue("shortcuts");
  await expect(palette.getByRole("combobox", { name: "Command palette" })).toBeFocused();
  await expect(palette.getByRole("option")).toHaveText(["Show keyboard shortcuts?"]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});

test("the theme switch in the user menu stores the choice", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/landing");
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "auto");
  await page.getByRole("button", { name: "Open user menu" }).click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Dark theme" })).toHaveAttribute("aria-checked", "false");
  await page.getByRole("menuitemcheckbox", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
  expect(await page.evaluate(() => localStorage.getItem("webapp_theme_preference"))).toBe("dark-mode");
});

for (const theme of ["light-mode", "dark-mode"] as const) {
  for (const width of [480, 1440]) {
    test(`the shell at ${width}px in ${theme}`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("webapp_theme_preference", value), theme);
      await page.setViewportSize({ width, height: 720 });
      await page.goto("/landing");
      await expect(page.getByRole("heading", { name: "Welcome to Gantry" })).toBeVisible();
      const header = await page.getByRole("banner").boundingBox();
      expect(header?.width).toBe(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // The frame fills the window; the page under it (onboarding cards, workspaces) may scroll.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThanOrEqual(720);
      await page.screenshot({ path: test.info().outputPath(`shell-${width}-${theme}.png`) });
      await page.getByRole("button", { name: "Open user menu" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`shell-${width}-${theme}-menu.png`) });
    });
  }
}
