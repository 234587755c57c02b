import { expect, type Page, test } from "@playwright/test";

/** Collects Content-Security-Policy violations the page reports, so a test can assert there were none. */
function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return violations;
}

test("an unknown page shows the not-found page", async ({ page }) => {
  const violations = watchPolicyViolations(page);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.getByText("The page you’re looking for is not available")).toBeVisible();
  // The select-organisation path is not known to a visitor with no organisations.
  await expect(page.getByRole("button", { name: "Take me home" })).toHaveCount(0);
  await expect(page.getByText("Need some assistance? Contact")).toContainText("and let us know how we can help.");
  await expect(page.getByRole("link", { name: "support@gantry.dev" })).toHaveAttribute(
    "href",
    "mailto:support@gantry.dev",
  );
  await page.screenshot({ path: test.info().outputPath("not-found.png"), fullPage: true });
  expect(violations).toEqual([]);
});

test("the connectivity endpoints answer", async ({ request }) => {
  const ping = await request.get("/ping");
  expect(ping.status()).toBe(200);
  expect(await ping.json()).toEqual({ status: "ok" });

  const version = await request.get(`/version.json?t=${Date.now()}`);
  expect(version.status()).toBe(200);
  const body = await version.json();
  expect(body.version).toBe("4.5.51");
  expect(body.buildId).toMatch(/\S+/);
  expect(body.buildId).not.toBe("development");
});

test("the app shows the load-failure page when the server cannot be reached, and troubleshoots", async ({ page }) => {
  await page.route("**/version.json*", (route) => route.abort("internetdisconnected"));
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Gantry cannot be loaded" })).toBeVisible();
  await expect(page.getByText("You may be disconnected from the internet.")).toBeVisible();
  await expect(page.getByText("A firewall or proxy may be blocking Gantry.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the troubleshooting guide" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Check the Gantry status feed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "support@gantry.dev" })).toHaveAttribute(
    "href",
    "mailto:support@gantry.dev?subject=Gantry%20cannot%20be%20loaded",
  );
  await page.getByRole("button", { name: "Troubleshoot" }).click();
  const results = page.getByRole("list", { name: "Troubleshooting results" });
  await expect(results).toContainText("✓ The Gantry server answers");
  await expect(results).toContainText("✗ The app's version can be read: no answer");
  await page.screenshot({ path: test.info().outputPath("load-failure.png"), fullPage: true });
});

test("a browser without local storage is told private mode is not supported", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Your browser is not supported" })).toBeVisible();
  await expect(page.getByText("Gantry doesn't support browsers in private mode")).toBeVisible();
  for (const browser of ["Google Chrome", "Mozilla Firefox", "Microsoft Edge"]) {
    await expect(page.getByRole("link", { name: browser })).toBeVisible();
  }
  await expect(page.getByText("Need some assistance? Contact")).toBeVisible();
});

test("the dark theme applies when chosen, and the system theme until then", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/no-such-page");
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "auto");
  const systemDark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => localStorage.setItem("webapp_theme_preference", "dark-mode"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(systemDark);
  await page.screenshot({ path: test.info().outputPath("not-found-dark.png"), fullPage: true });
});
