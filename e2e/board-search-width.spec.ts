import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";

/* The board's search box shows its whole placeholder on a laptop and a wide screen (issue #27 item 13). */

for (const width of [1280, 1400, 1920]) {
  test(`the board's search placeholder is not cut off at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = await createAccount(page.request, `search-width-${width}`);
    const {
      workspaceIds: [workspaceId = ""],
    } = await createOrganizationWithWorkspaces(page.request, owner, `Search ${width} ${Date.now().toString(36)}`, [
      { name: "Delivery" },
    ]);
    await signInAs(page, owner);
    await page.goto(`/workspaces/${workspaceId}/board`);
    const search = page.getByRole("searchbox", { name: "Search issues" });
    await expect(search).toHaveAttribute("placeholder", "Search issues or type not: for exclusions");
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      context.font = style.font;
      const text = context.measureText(input.placeholder).width;
      const inside = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, inside };
    });
    expect(room.text).toBeLessThanOrEqual(room.inside);
  });
}
