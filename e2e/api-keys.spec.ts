import { expect, test } from "@playwright/test";
import { createAccount, signInAs } from "./support/gantry-api.js";

test("a person creates an API key, sees its secret once, calls the public API with it and revokes it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await createAccount(page.request, "api-keys");
  await signInAs(page, account);
  await page.goto("/landing");
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();

  await page.getByLabel("Name").fill("Release script");
  await page.getByLabel("Name").press("Enter");
  const secret = (await page.getByTestId("api-key-secret").textContent()) ?? "";
  expect(secret).toMatch(/^gantry_pat_/);
  await page.getByRole("button", { name: "Copy the key" }).click();
  await expect(page.getByRole("button", { name: "Copy the key" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(page.getByText("never used")).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`api-keys-created-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });

  const call = () =>
    page.request.post("/public/graphql", {
      headers: { authorization: `Bearer ${secret}` },
      data: { query: "{ viewer { email } }" },
    });
  const answer = await call();
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ data: { viewer: { email: account.email } } });
  expect(answer.headers()["x-ratelimit-limit"]).toBe("90000");

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("api-key-secret")).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/last used/)).toBeVisible();
  await page.getByRole("button", { name: "Revoke Release script" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("will get 401 Unauthorized from now on");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`api-keys-revoke-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();
  expect((await call()).status()).toBe(401);
});

test("the API docs are served: getting started and the generated reference", async ({ page }) => {
  await page.goto("/docs/api/getting-started");
  await expect(page.getByRole("heading", { name: "Getting started with the Gantry API" })).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`api-docs-getting-started-${scheme}.png`) });
  }
  await page.getByRole("link", { name: "Reference", exact: true }).click();
  await expect(page.getByRole("heading", { name: "type Workspace", exact: true })).toBeAttached();
  await page.getByRole("link", { name: "Workspace", exact: true }).first().click();
  await expect(page).toHaveURL(/#type-Workspace$/);
  await page.screenshot({ path: test.info().outputPath("api-docs-reference-dark.png") });
});
