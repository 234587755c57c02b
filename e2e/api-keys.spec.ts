import { expect, test } from "@playwright/test";
import { createAccount, gql, PASSWORD, signInAs } from "./support/gantry-api.js";
import { latestMail } from "./support/outbox.js";

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
  await expect(page.getByRole("row", { name: /Release script/ })).toContainText("Never used");
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
  // The last use, relative with the exact time on hover, and the address it came from (no proxy here: the socket's).
  const row = page.getByRole("row", { name: /Release script/ });
  const lastUsed = row.getByRole("cell").nth(1).locator("time");
  await expect(lastUsed).toHaveText(/ago$/);
  await expect(lastUsed).toHaveAttribute("title", new RegExp(String(new Date().getFullYear())));
  await expect(row.getByRole("cell").nth(2)).toHaveText("127.0.0.1");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`api-keys-used-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
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

test("signing out everywhere from the account page ends the other sessions and the keys, keeps this one, and mails", async ({
  page,
}) => {
  const account = await createAccount(page.request, "everywhere");
  const elsewhere = (
    (await (
      await page.request.post("/api/auth/login", { data: { email: account.email, password: PASSWORD } })
    ).json()) as { token: string }
  ).token;
  const { createApiKey } = await gql<{ createApiKey: { secret: string } }>(
    page.request,
    account,
    `mutation { createApiKey(input: { name: "Nightly export" }) { secret } }`,
  );
  const callWithKey = () =>
    page.request.post("/public/graphql", {
      headers: { authorization: `Bearer ${createApiKey.secret}` },
      data: { query: "{ viewer { email } }" },
    });
  const userInfo = (token: string) =>
    page.request.get("/api/user-info", { headers: { authorization: `Bearer ${token}` } });
  expect((await callWithKey()).status()).toBe(200);

  await signInAs(page, account);
  await page.goto("/landing");
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`account-${scheme}.png`), fullPage: true });
  }

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toContainText("This session stays signed in.");
  await page.screenshot({ path: test.info().outputPath("account-confirm-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Done: 1 other session ended and 1 API key was revoked. We sent you a mail saying so.",
  );
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`account-done-${scheme}.png`), fullPage: true });
  }

  expect((await userInfo(elsewhere)).status()).toBe(401);
  expect((await callWithKey()).status()).toBe(401);
  expect((await userInfo(account.token)).status()).toBe(200);
  const mail = await latestMail(page.request, account.email, /^You signed out of Gantry everywhere$/);
  expect(mail.text).toContain("1 other session ended and 1 API key was revoked");

  await page.getByRole("link", { name: "Manage your API keys" }).click();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();
});

test("the API docs are served: getting started and the generated reference", async ({ page }) => {
  await page.goto("/docs/api/getting-started");
  await expect(page.getByRole("heading", { name: "Getting started with the Gantry API" })).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`api-docs-getting-started-${scheme}.png`) });
  }
  await page.getByRole("link", { name: "Reference", exact: true }).click();
  // The generated reference is one large page (the whole reference surface); on a busy machine it takes longer
  // than the default 5 s to parse and lay out.
  await expect(page.getByRole("heading", { name: "type Workspace", exact: true })).toBeAttached({ timeout: 30_000 });
  await page.getByRole("link", { name: "Workspace", exact: true }).first().click();
  await expect(page).toHaveURL(/#type-Workspace$/);
  await page.screenshot({ path: test.info().outputPath("api-docs-reference-dark.png") });
});
