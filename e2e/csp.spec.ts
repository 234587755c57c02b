import { expect, test } from "@playwright/test";
import { createAccount, createNativeIssue, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";

/*
 * Gantry's Content-Security-Policy lets in only its own scripts and styles. A library that puts a
 * style or script in the page is refused, and Chromium says so in the console (issue #27: every page
 * logged an inline-style refusal, react-aria's pressable stylesheet). Pages across the app, none refused.
 */
test("no page logs a Content-Security-Policy refusal: sign-in, landing, workspace, board, issue, roadmap, planning, reports, API keys", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      refusals.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });

  await page.goto("/login");
  await expect(page.getByLabel("Password")).toBeVisible();

  const owner = await createAccount(page.request, "csp");
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `CSP ${Date.now().toString(36)}`, [
    { name: "Storefront" },
  ]);
  await createNativeIssue(page.request, owner, workspaceId, "Checkout is slow");
  await signInAs(page, owner);

  const pages: [string, RegExp][] = [
    ["/landing", /organization/i],
    [`/workspaces/${workspaceId}`, /Storefront/],
    [`/workspaces/${workspaceId}/board`, /Checkout is slow/],
    [`/workspaces/${workspaceId}/issues/1`, /Checkout is slow/],
    [`/workspaces/${workspaceId}/roadmap`, /Roadmap/i],
    [`/organizations/${organizationId}/planning`, /planning/i],
    [`/workspaces/${workspaceId}/reports/burndown`, /burndown/i],
    [`/workspaces/${workspaceId}/reports/velocity`, /velocity/i],
    ["/settings/api-keys", /API keys/i],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await expect(page.getByText(shown).first()).toBeVisible();
    // Libraries add their styles once something has drawn; a press or a hover draws more.
    await page.keyboard.press("Tab");
  }
  expect(refusals).toEqual([]);
});
