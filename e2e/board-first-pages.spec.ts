import { expect, type Request, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, signInAs } from "./support/gantry-api.js";
import { backlogIssues } from "./support/sprints.js";

/*
 * A board's columns ask for their cards without waiting on the board to be drawn (issue #27 item 11:
 * on an 11-card board the columns read "Loading issues…" for seconds). On a return visit the cards
 * are asked for beside the pipeline list: the list's answer is held back, and the first pages are
 * sent meanwhile.
 */

const operationOf = (body: string | null) =>
  /^\s*(?:query|mutation)\s+(\w+)/.exec((JSON.parse(body ?? "{}") as { query?: string }).query ?? "")?.[1] ??
  "anonymous";

test("a return visit asks for the columns' cards while the pipeline list is on its way", async ({ page }) => {
  const owner = await createAccount(page.request, "first-pages");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `First pages ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  await backlogIssues(page, owner, workspaceId, [
    { title: "Receipt emails", points: 3 },
    { title: "Refund flow", points: 5 },
  ]);
  await signInAs(page, owner);
  const backlog = page.getByRole("region", { name: "Backlog" });

  // The first visit: the cards arrive, and the board remembers its pipelines.
  await page.goto(`/workspaces/${workspaceId}/board`);
  await expect(backlog.getByRole("article", { name: /Receipt emails/ })).toBeVisible();

  const sent: { operation: string; whileListHeld: boolean }[] = [];
  let listHeld = false;
  await page.route("**/graphql", async (route) => {
    const operation = operationOf(route.request().postData());
    sent.push({ operation, whileListHeld: listHeld });
    if (operation !== "boardPipelines") return route.continue();
    listHeld = true;
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    listHeld = false;
    await route.fulfill({ response });
  });
  await page.reload();
  // The list is held 800 ms on a machine that other suites share.
  await expect(backlog.getByRole("article", { name: /Receipt emails/ })).toBeVisible({ timeout: 15_000 });
  await expect(backlog.getByRole("article", { name: /Refund flow/ })).toBeVisible();
  await expect(page.getByText("Loading issues…")).toHaveCount(0);

  const firstPages = sent.filter(({ operation }) => ["boardFirstPages", "boardPipelineIssues"].includes(operation));
  expect(firstPages.length).toBeGreaterThan(0);
  expect(firstPages.every(({ whileListHeld }) => whileListHeld)).toBe(true);
});

test("a first visit asks for the pipeline list and the columns' cards while the app's code is still loading", async ({
  page,
}) => {
  const owner = await createAccount(page.request, "early-list");
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Early list ${Date.now().toString(36)}`, [
    { name: "Delivery" },
  ]);
  await backlogIssues(page, owner, workspaceId, [{ title: "Receipt emails", points: 3 }]);
  await signInAs(page, owner);

  // The app's entry chunk is held back until the columns' first cards have been asked for (or 10 s
  // have passed): only index.html's early script (src/early.ts, decisions 0082 and 0097) can ask meanwhile.
  const isFirstPages = (request: Request) =>
    new URL(request.url()).pathname === "/graphql" && operationOf(request.postData()) === "boardFirstPages";
  const pagesAsked = page.waitForRequest(isFirstPages, { timeout: 0 }).catch(() => undefined);
  let entryHeld = true;
  await page.route("**/assets/index-*.js", async (route) => {
    await Promise.race([pagesAsked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    // The early script sends every first-pages request in one go; their events reach this process apart.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    entryHeld = false;
    await route.continue();
  });
  const operations: { operation: string; entryHeld: boolean }[] = [];
  const loadChecks: { path: string; entryHeld: boolean }[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/graphql") operations.push({ operation: operationOf(request.postData()), entryHeld });
    if (pathname === "/version.json" || pathname === "/api/user-info") loadChecks.push({ path: pathname, entryHeld });
  });
  await page.goto(`/workspaces/${workspaceId}/board`, { waitUntil: "commit" });

  const backlog = page.getByRole("region", { name: "Backlog" });
  await expect(backlog.getByRole("article", { name: /Receipt emails/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Loading issues…")).toHaveCount(0);
  // Asked while the app's code was held, and once: the board took the early answers.
  const boardReads = operations.filter(({ operation }) =>
    ["boardPipelines", "boardFirstPages", "boardPipelineIssues"].includes(operation),
  );
  expect(boardReads.length).toBeGreaterThan(1);
  expect(boardReads[0]).toEqual({ operation: "boardPipelines", entryHeld: true });
  expect(boardReads.filter(({ entryHeld }) => !entryHeld)).toEqual([]);
  // What the app waits on before it draws anything left with them (decision 0101), and the app did not
  // load the user again (a later /version.json is the 30 s connectivity poll).
  expect(loadChecks[0]).toEqual({ path: "/version.json", entryHeld: true });
  expect(loadChecks.filter(({ path }) => path === "/api/user-info")).toEqual([
    { path: "/api/user-info", entryHeld: true },
  ]);
});
