// `npm run demo:board`: a 300-issue board on the hub sandbox, with the fields cards show, and
// screenshots of it (normal and condensed, light and dark, laptop and wide screen) in
// docs/screenshots/. Needs the built web app (`npm run build:web`).
import { join } from "node:path";
import { schema } from "@gantry/db";
import { seedIssues } from "@gantry/hub-sandbox/bulk";
import { chromium, type Page } from "@playwright/test";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, inArray } from "drizzle-orm";
import { createTestApp } from "../apps/server/src/testing/app.js";
import { createOrganization, field, gql } from "../apps/server/src/testing/factories.js";
import { continueWithGitHub, freePort, startHub } from "../apps/server/src/testing/hub.js";
import { issueFieldSeeder } from "../apps/server/src/testing/issue-fields.js";

const root = join(import.meta.dirname, "..");
const ISSUES = 300;
const out = (name: string) => join(root, "docs/screenshots", name);

const { hub, github } = await startHub();
seedIssues(hub.store, { owner: "acme", repo: "roadmap", issues: ISSUES });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const t = await createTestApp(
  { PUBLIC_URL: baseUrl, WEB_DIST_DIR: join(root, "apps/web/dist"), AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
  { github },
);
await t.app.listen({ port, host: "127.0.0.1" });

try {
  const { token } = await continueWithGitHub(t, hub, "demo");
  const viewer = field<{ id: string; email: string }>(await gql(t, token, "{ viewer { id email } }"), "viewer");
  const demo = { ...viewer, userId: decodeGlobalID(viewer.id).id, token: token ?? "" };
  const created = await gql(
    t,
    demo.token,
    'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "Roadmap" }) { workspace { id } } }',
    { org: await createOrganization(t, demo, "Acme") },
  );
  const workspace = field<{ workspace: { id: string } }>(created, "createWorkspace").workspace.id;
  await gql(
    t,
    demo.token,
    "mutation ($w: ID!, $r: ID!) { addRepositoryToWorkspace(input: { workspaceId: $w, repositoryGhId: $r }) { workspaceRepository { repository { id } } } }",
    { w: workspace, r: String(hub.store.repository("acme", "roadmap")?.id) },
  );
  const db = t.database.db;
  const workspaceId = decodeGlobalID(workspace).id;
  for (let attempt = 0; ; attempt++) {
    const [repository] = await db.select().from(schema.repositories).where(eq(schema.repositories.name, "roadmap"));
    if (repository?.importState === "done") break;
    if (attempt > 600) throw new Error("the import did not finish");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Spread the open issues over the pipelines, front-loaded like a real backlog.
  const pipelines = await db
    .select()
    .from(schema.pipelines)
    .where(eq(schema.pipelines.workspaceId, workspaceId))
    .orderBy(asc(schema.pipelines.createdAt));
  const issues = await db
    .select({ id: schema.issues.id, number: schema.issues.number, state: schema.issues.state })
    .from(schema.issues)
    .innerJoin(schema.issuePositions, eq(schema.issuePositions.issueId, schema.issues.id))
    .where(eq(schema.issuePositions.workspaceId, workspaceId))
    .orderBy(asc(schema.issues.number));
  const open = issues.filter((issue) => issue.state === "open");
  const share = [0.3, 0.25, 0.15, 0.12, 0.1, 0.08];
  let start = 0;
  for (const [index, pipeline] of pipelines.entries()) {
    const count = Math.round(open.length * (share[index] ?? 0));
    const ids = open.slice(start, index === pipelines.length - 1 ? undefined : start + count).map((issue) => issue.id);
    start += count;
    if (ids.length)
      await db
        .update(schema.issuePositions)
        .set({ pipelineId: pipeline.id })
        .where(and(eq(schema.issuePositions.workspaceId, workspaceId), inArray(schema.issuePositions.issueId, ids)));
  }

  // The fields cards show, through the issue-field seeder the server's tests use.
  const ids = issues.map((issue) => issue.id);
  const every = (step: number, offset = 0) => ids.filter((_, index) => index % step === offset);
  const seed = issueFieldSeeder(db, workspaceId);
  const [high, medium] = await seed.priorities([
    { name: "High", color: "d73a4a" },
    { name: "Medium", color: "fbca04" },
    { name: "Low", color: "0e8a16" },
  ]);
  if (high) await seed.prioritise(high.id, every(7));
  if (medium) await seed.prioritise(medium.id, every(5, 1));
  for (const [index, points] of [1, 2, 3, 5, 8].entries()) await seed.estimate(every(6, index), points);
  await seed.sprint("Sprint 14", every(3));
  await seed.sprint("Sprint 15", every(4, 1), new Date("2026-11-30T00:00:00Z"));
  await seed.gantryEpic("Checkout revamp", every(9, 2));
  await seed.gantryEpic("Onboarding", every(11, 3));
  await seed.release("v2.0", every(8, 4));
  const people = [
    [{ login: "demo", avatarUrl: null }],
    [{ login: "mona", avatarUrl: null }],
    [{ login: "hubot", avatarUrl: null }],
    [
      { login: "demo", avatarUrl: null },
      { login: "mona", avatarUrl: null },
    ],
    [],
  ];
  for (const [index, assignees] of people.entries())
    await db
      .update(schema.issues)
      .set({ assignees })
      .where(inArray(schema.issues.id, every(people.length, index)));
  console.log(`Board: ${baseUrl}/workspaces/${encodeURIComponent(workspace)}/board (${issues.length} issues)`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const shoot = async (
    name: string,
    options: { width: number; height: number; scheme: "light" | "dark"; condensed: boolean; open?: boolean },
  ) => {
    const context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      colorScheme: options.scheme,
    });
    const page: Page = await context.newPage();
    await page.addInitScript(
      ({ session, condensed }) => {
        localStorage.setItem("authV2_token", session);
        localStorage.setItem("isCondensedViewEnabled", String(condensed));
      },
      { session: demo.token, condensed: options.condensed },
    );
    await page.goto(`${baseUrl}/workspaces/${encodeURIComponent(workspace)}/board`);
    await page.locator("article[data-issue-id]").first().waitFor();
    // The live-updates stream stays open, so wait for the pages in view rather than for a quiet network.
    await page.waitForTimeout(1500);
    if (options.open) {
      await page.locator("article[data-issue-id] a").first().click();
      await page.getByRole("dialog").getByRole("heading").first().waitFor();
    }
    await page.screenshot({ path: out(name) });
    await context.close();
    console.log(`docs/screenshots/${name}`);
  };
  await shoot("board-1440-light.png", { width: 1440, height: 900, scheme: "light", condensed: false });
  await shoot("board-1440-condensed-dark.png", { width: 1440, height: 900, scheme: "dark", condensed: true });
  await shoot("board-2560-dark.png", { width: 2560, height: 1440, scheme: "dark", condensed: false });
  await shoot("board-2560-condensed-light.png", { width: 2560, height: 1440, scheme: "light", condensed: true });
  await shoot("issue-flyover-1440-dark.png", {
    width: 1440,
    height: 900,
    scheme: "dark",
    condensed: false,
    open: true,
  });
  await browser.close();
} finally {
  await t.close();
  await hub.close();
}
