import { type Locator, type Page, test } from "@playwright/test";

/** The page in the light and the dark theme, named `<name>-light.png` and `<name>-dark.png`; light again after. */
export async function screenshots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * Issue #33's before/after pictures: `target` (the page or a part) in both themes, to
 * `docs/screenshots/vocabulary/<name>-<scheme>-<VOCABULARY_SHOTS>.png` when that is set ("before" or
 * "after"), otherwise to the test's output folder.
 */
export async function vocabularyShots(page: Page, name: string, target: Page | Locator = page) {
  const stage = process.env.VOCABULARY_SHOTS;
  // Logos and avatars load on their own; a picture taken before they do would differ for no reason.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const file = stage
      ? `docs/screenshots/vocabulary/${name}-${scheme}-${stage}.png`
      : test.info().outputPath(`${name}-${scheme}.png`);
    await target.screenshot({ path: file, animations: "disabled" });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
