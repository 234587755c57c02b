import { expect, test } from "@playwright/test";
import {
  createAccount,
  createOrganizationWithWorkspaces,
  gql,
  signInAs,
  workspaceWithNativeIssues,
} from "./support/gantry-api.js";
import { createDatedEpic } from "./support/planning.js";

const DAY_MS = 86_400_000;

/** The ISO day `offset` days from today where the browser is (the test machine's zone). */
function dayFromToday(offset: number): string {
  const now = new Date();
  const local = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) + offset * DAY_MS;
  return new Date(local).toISOString().slice(0, 10);
}

test("an editor drags an epic's bar on the roadmap and the new dates stay after a reload", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await createAccount(page.request, "roadmap-admin");
  const suffix = Date.now().toString(36);
  const { workspaceId, issueIds } = await workspaceWithNativeIssues(
    page.request,
    admin,
    { organization: `Roadmap ${suffix}`, workspace: "Launch plan" },
    [{ title: "Cart page" }, { title: "Payment form" }, { title: "Receipts" }],
  );
  const epicId = await createDatedEpic(page.request, admin, {
    workspaceId,
    title: "Checkout",
    startOn: dayFromToday(-4),
    endOn: dayFromToday(9),
    issueIds,
  });
  await gql(
    page.request,
    admin,
    "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { successCount } }",
    { ids: issueIds.slice(0, 1) },
  );
  for (const [title, startOn, endOn] of [
    ["v1.4", dayFromToday(-20), dayFromToday(-2)],
    ["v2.0", dayFromToday(3), dayFromToday(30)],
    ["Someday", null, null],
  ] as const) {
    await gql(
      page.request,
      admin,
      `mutation ($workspaceId: ID!, $title: String!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
        createRelease(input: { workspaceId: $workspaceId, release: { title: $title, startOn: $startOn, endOn: $endOn } }) { release { id } }
      }`,
      { workspaceId, title, startOn, endOn },
    );
  }

  await signInAs(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}`);
  await page.getByRole("link", { name: "Roadmap" }).click();
  await expect(page).toHaveURL(/\/roadmap$/);
  const bar = page.getByRole("slider", { name: "Epic Checkout" });
  await expect(bar).toHaveAttribute("data-start", dayFromToday(-4));
  await expect(page.getByTestId("roadmap-row").filter({ hasText: "Checkout" })).toContainText("1 of 3 issues closed");
  await expect(page.getByRole("region", { name: "Without dates" })).toContainText("Someday");

  for (const width of [1280, 1680]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`roadmap-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Week zoom draws a day as 20 px: three days to the right, grabbed by the middle.
  const box = await bar.boundingBox();
  if (!box) throw new Error("the bar is not drawn");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, y, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2 + 61, y, { steps: 3 });
  await page.mouse.up();
  await expect(bar).toHaveAttribute("data-start", dayFromToday(-1));
  await expect(bar).toHaveAttribute("data-end", dayFromToday(12));

  // And its end edge one more week out.
  const moved = await bar.boundingBox();
  if (!moved) throw new Error("the bar is not drawn");
  await page.mouse.move(moved.x + moved.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(moved.x + moved.width - 1 + 140, y, { steps: 5 });
  await page.mouse.up();
  await expect(bar).toHaveAttribute("data-end", dayFromToday(19));

  const storedDates = async () => {
    const stored = await gql<{ workspace: { roadmapItems: { nodes: { startOn: string; endOn: string }[] } } }>(
      page.request,
      admin,
      `query ($id: ID!, $epic: ID!) {
        workspace(id: $id) { roadmapItems(gantryEpicIds: [$epic]) { nodes { ... on GantryEpic { startOn endOn } } } }
      }`,
      { id: workspaceId, epic: epicId },
    );
    return stored.workspace.roadmapItems.nodes[0];
  };
  await expect.poll(storedDates).toEqual({ startOn: dayFromToday(-1), endOn: dayFromToday(19) });

  await page.reload();
  await expect(page.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute("data-start", dayFromToday(-1));
  await expect(page.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute("data-end", dayFromToday(19));

  // Keyboard: focus the bar, Shift+Left pulls the end in by a day.
  await page.getByRole("slider", { name: "Epic Checkout" }).focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(page.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute("data-end", dayFromToday(18));
  await expect.poll(storedDates).toEqual({ startOn: dayFromToday(-1), endOn: dayFromToday(18) });

  await page.getByRole("button", { name: "Months" }).click();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`roadmap-months-${scheme}.png`) });
  }
});

test("the organisation's roadmap shows every workspace's epics and releases, filtered by workspace", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await createAccount(page.request, "org-roadmap");
  const { organizationId, workspaceIds } = await createOrganizationWithWorkspaces(
    page.request,
    admin,
    `Org roadmap ${Date.now().toString(36)}`,
    [{ name: "Web" }, { name: "Platform" }],
  );
  const [web = "", platform = ""] = workspaceIds;
  await createDatedEpic(page.request, admin, {
    workspaceId: web,
    title: "Checkout",
    startOn: dayFromToday(-3),
    endOn: dayFromToday(10),
  });
  await gql(
    page.request,
    admin,
    `mutation ($workspaceId: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
      createRelease(input: { workspaceId: $workspaceId, release: { title: "API v3", startOn: $startOn, endOn: $endOn } }) { release { id } }
    }`,
    { workspaceId: platform, startOn: dayFromToday(2), endOn: dayFromToday(24) },
  );

  await signInAs(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/organizations/${encodeURIComponent(organizationId)}/planning`);
  await page.getByRole("link", { name: "Roadmap" }).click();
  await expect(page).toHaveURL(/\/organizations\/.+\/roadmap$/);
  const rows = page.getByTestId("roadmap-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Checkout" })).toContainText("Web · Due by");
  await expect(rows.filter({ hasText: "API v3" })).toContainText("Platform · Due by");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`roadmap-organization-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByLabel("Workspace").selectOption({ label: "Platform" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("API v3");
  // The bar can still be moved from here: a day later with the keyboard, saved on its own workspace.
  const bar = page.getByRole("slider", { name: "Release API v3" });
  await bar.focus();
  await page.keyboard.press("ArrowRight");
  await expect(bar).toHaveAttribute("data-start", dayFromToday(3));
  await expect
    .poll(async () => {
      const stored = await gql<{ workspace: { releases: { nodes: { startOn: string }[] } } }>(
        page.request,
        admin,
        "query ($id: ID!) { workspace(id: $id) { releases(first: 1) { nodes { startOn } } } }",
        { id: platform },
      );
      return stored.workspace.releases.nodes[0]?.startOn;
    })
    .toBe(dayFromToday(3));
  await page.reload();
  await expect(page.getByRole("slider", { name: "Release API v3" })).toHaveAttribute("data-start", dayFromToday(3));
});
