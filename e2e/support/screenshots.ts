import { type Page, test } from "@playwright/test";

/** The page in the light and the dark theme, named `<name>-light.png` and `<name>-dark.png`; light again after. */
export async function screenshots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
