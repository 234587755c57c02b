import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";

// The shared UI parts (apps/web/src/ui) as the screens that compose them show them, light and dark.
const screenshots = join(import.meta.dirname, "..", "docs", "screenshots");

async function shoot(page: Page, part: Locator, name: string) {
  await expect(part).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await part.screenshot({ path: join(screenshots, `ui-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("the page header, panel, form row, empty state, data table, dialog, menu and toolbar on the screens that use them", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const account = await createAccount(page.request, "ui-parts");
  await signInAs(page, account);
  await page.goto("/settings/api-keys");
  const main = page.getByRole("main");
  await shoot(page, main.locator("header").first(), "page-header");
  await shoot(page, page.getByRole("region", { name: "Your keys" }), "empty-state");
  const create = page.getByRole("region", { name: "Create a key" });
  await shoot(page, create, "panel");
  await create.getByLabel("Name").fill("Release script");
  await shoot(page, create.locator("form"), "form-row");

  for (const name of ["Release script", "Nightly backup", "Dashboard"]) {
    await gql(
      page.request,
      account,
      "mutation ($name: String!) { createApiKey(input: { name: $name }) { apiKey { id } } }",
      { name },
    );
  }
  await page.reload();
  const keys = page.getByRole("region", { name: "Your keys" });
  await expect(keys.getByRole("row")).toHaveCount(4);
  await shoot(page, keys.getByRole("table"), "data-table");

  // The confirmation dialog (ui/dialog) over the page, and the user menu (ui/menu) opened.
  await keys.getByRole("button", { name: "Revoke Release script" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke API key" });
  await shoot(page, dialog, "confirmation-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Open user menu" }).click();
  await shoot(page, page.getByRole("menu"), "menu");
  await page.keyboard.press("Escape");

  const name = `UI parts ${Date.now()} ${Math.floor(Math.random() * 1e4)}`;
  await createOrganizationWithWorkspaces(page.request, account, name, [{ name: "Web" }]);
  await page.goto(`/settings/o/${encodeURIComponent(name)}/audit-log`);
  await expect(page.getByText(/\d+ events?$/)).toBeVisible();
  // The filter row: the action's form row and the count beside it.
  await shoot(page, page.getByLabel("Action").locator("xpath=../.."), "toolbar");
});
