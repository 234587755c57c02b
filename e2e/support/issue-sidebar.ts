import { expect, type Locator, type Page } from "@playwright/test";

/** The issue viewer's fields column, as a person uses it: open an issue, read a row, pick in a field's picker. */
export const picker = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** Opens a card's issue in the flyover; answers the flyover and its fields column. */
export async function openIssue(page: Page, title: string) {
  await page.getByRole("link", { name: title, exact: true }).click();
  const flyover = page.getByRole("dialog", { name: /^Issue #\d+$/ });
  await expect(flyover.getByRole("heading", { name: title })).toBeVisible();
  const fields = flyover.getByRole("region", { name: "Fields" });
  await expect(fields.getByRole("button", { name: "Pipeline" })).toBeEnabled();
  return { flyover, fields };
}

/** A field's row: its button and the values beside it. */
export const row = (fields: Locator, name: string) =>
  fields
    .locator("div")
    .filter({ has: fields.page().getByRole("button", { name, exact: true }) })
    .last();

export async function pickOne(page: Page, title: string, option: string, search?: string) {
  const list = picker(page, title);
  if (search) await list.getByRole("combobox").fill(search);
  await list.getByRole("option", { name: option, exact: true }).click();
  await expect(list).toBeHidden();
}

export async function pickMany(page: Page, title: string, options: string[], search?: string) {
  const list = picker(page, title);
  if (search) await list.getByRole("combobox").fill(search);
  for (const option of options) await list.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
}
