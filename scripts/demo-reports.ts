// `npm run demo:reports`: a workspace with six weeks of scripted history (moves, estimates, closes,
// weekly sprints, a release and an epic) and screenshots of every report and of the roadmap (the
// workspace's and the organisation's, with a second workspace's release), light and dark, in
// docs/screenshots/. Needs the built web app (`npm run build:web`).
import { join } from "node:path";
import { schema } from "@gantry/db";
import { type Change, type ReportIssue, valueAt } from "@gantry/domain";
import { chromium } from "@playwright/test";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq, sql } from "drizzle-orm";
import { createTestApp } from "../apps/server/src/testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser } from "../apps/server/src/testing/factories.js";
import { freePort } from "../apps/server/src/testing/hub.js";

const root = join(import.meta.dirname, "..");
const out = (name: string) => join(root, "docs/screenshots", name);
const DAY = 24 * 60 * 60 * 1000;
const ISSUES = 36;
const TITLES = [
  "Checkout",
  "Receipts",
  "Gift cards",
  "Search",
  "Sign-in",
  "Invoices",
  "Exports",
  "Webhooks",
  "Audit log",
];

/** mulberry32: the same history on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const t = await createTestApp({
  PUBLIC_URL: baseUrl,
  WEB_DIST_DIR: join(root, "apps/web/dist"),
  REQUIRE_EMAIL_VERIFICATION: "false",
  AUTH_RATE_LIMIT_PER_MINUTE: "10000",
});
await t.app.listen({ port, host: "127.0.0.1" });

try {
  const demo = await signUpUser(t, "demo");
  const organization = await createOrganization(t, demo, "Acme");
  const workspace = await createWorkspace(t, demo, organization);
  const workspaceId = decodeGlobalID(workspace).id;
  const db = t.database.db;
  const { gantryRepository } = field<{ gantryRepository: { id: string } }>(
    await gql(t, demo.token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", { id: workspace }),
    "workspace",
  );
  const ids: string[] = [];
  for (let index = 0; index < ISSUES; index++) {
    const answer = await gql(
      t,
      demo.token,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: gantryRepository.id, title: `${TITLES[index % TITLES.length]} ${index + 1}` } },
    );
    ids.push(decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id);
  }
  const pipelines = await db
    .select()
    .from(schema.pipelines)
    .where(eq(schema.pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${schema.pipelines.rank} collate "C"`));
  const pipelineId = (name: string) => pipelines.find((pipeline) => pipeline.name === name)?.id ?? "";

  // Six weeks and a half: issues join over the first six (so the running sprint has work in it) and walk
  // New Issues → Backlog → In Progress → Review/QA → closed.
  const now = new Date();
  // Started 45 days ago, so the running sprint (the sixth) is three days in.
  const start = Date.parse(`${new Date(now.getTime() - 45 * DAY).toISOString().slice(0, 10)}T00:00:00Z`);
  const rand = random(42);
  const events: (typeof schema.issueEvents.$inferInsert)[] = [];
  const histories: ReportIssue[] = [];
  const event = (issueId: string, fieldName: string, from: string | null, to: string | null, at: number) =>
    events.push({ issueId, workspaceId, field: fieldName, fromValue: from, toValue: to, createdAt: new Date(at) });
  for (const [index, issueId] of ids.entries()) {
    const joinedAt = start + (index / ISSUES) * 41 * DAY + rand() * 0.5 * DAY;
    let estimate = [1, 2, 3, 5, 8][Math.floor(rand() * 5)] ?? 3;
    const pipelineChanges: Change<string>[] = [];
    const closedChanges: Change<boolean>[] = [];
    const estimateChanges: Change<number | null>[] = [];
    if (index % 7 === 0) {
      estimateChanges.push({ at: new Date(joinedAt + DAY), from: estimate, to: estimate + 2 });
      event(issueId, "estimate", String(estimate), String(estimate + 2), joinedAt + DAY);
      estimate += 2;
    }
    let at = joinedAt;
    let current = "New Issues";
    for (const [next, min, spread] of [
      ["Backlog", 0.5, 2.5],
      ["In Progress", 1, 5],
      ["Review/QA", 0.5, 3],
      ["Closed", 0.3, 2],
    ] as const) {
      at += (min + rand() * spread) * DAY;
      if (at > now.getTime()) break;
      event(issueId, "pipeline", current, next, at);
      if (next === "Closed") {
        event(issueId, "state", "open", "closed", at);
        closedChanges.push({ at: new Date(at), from: false, to: true });
      } else {
        pipelineChanges.push({ at: new Date(at), from: current, to: next });
        current = next;
      }
    }
    const closed = closedChanges.length > 0;
    histories.push({
      id: issueId,
      number: index + 1,
      title: "",
      joinedAt: new Date(joinedAt),
      pipeline: { current, changes: pipelineChanges },
      estimate: { current: estimate, changes: estimateChanges },
      closed: { current: closed, changes: closedChanges },
    });
    await db
      .update(schema.issues)
      .set({ estimate, state: closed ? "closed" : "open", closedAt: closed ? new Date(at) : null })
      .where(eq(schema.issues.id, issueId));
    await db
      .update(schema.issuePositions)
      .set({ pipelineId: pipelineId(current), joinedAt: new Date(joinedAt) })
      .where(eq(schema.issuePositions.issueId, issueId));
  }

  // Weekly sprints from the second week; at each start the open planned work joins the sprint.
  const [config] = await db
    .insert(schema.sprintConfigs)
    .values({
      workspaceId,
      name: "Sprint",
      tzIdentifier: "UTC",
      period: 1,
      startOn: new Date(start + 7 * DAY).toISOString().slice(0, 10),
    })
    .returning();
  const planned = new Set(["Backlog", "In Progress", "Review/QA"]);
  for (let week = 1; week <= 6; week++) {
    const startAt = start + week * 7 * DAY;
    const endAt = startAt + 7 * DAY;
    const [sprint] = await db
      .insert(schema.sprints)
      .values({
        workspaceId,
        sprintConfigId: config?.id,
        name: `Sprint ${week}`,
        startAt: new Date(startAt),
        endAt: new Date(endAt),
        state: endAt <= now.getTime() ? "CLOSED" : "OPEN",
        closedAt: endAt <= now.getTime() ? new Date(endAt) : null,
      })
      .returning();
    if (!sprint || startAt > now.getTime()) continue;
    const members = histories.filter((issue) => {
      const at = new Date(startAt + 60_000);
      return issue.joinedAt <= at && !valueAt(issue.closed, at) && planned.has(valueAt(issue.pipeline, at));
    });
    // A day and a half in, the running sprint takes on one more open issue: scope added mid-sprint.
    const added =
      endAt > now.getTime()
        ? histories.filter(
            (issue) =>
              !members.includes(issue) &&
              issue.joinedAt.getTime() < startAt + 1.5 * DAY &&
              !valueAt(issue.closed, now) &&
              valueAt(issue.estimate, now),
          )
        : [];
    for (const issue of members) event(issue.id, "sprint", null, sprint.name, startAt + 60_000);
    for (const issue of added.slice(0, 1)) event(issue.id, "sprint", null, sprint.name, startAt + 1.5 * DAY);
    const inSprint = [...members, ...added.slice(0, 1)];
    if (inSprint.length)
      await db
        .insert(schema.sprintIssues)
        .values(inSprint.map((issue) => ({ sprintId: sprint.id, issueId: issue.id })));
  }

  const [release] = await db
    .insert(schema.releases)
    .values({
      workspaceId,
      title: "v2.0",
      startOn: new Date(start + 7 * DAY).toISOString().slice(0, 10),
      endOn: new Date(start + 63 * DAY).toISOString().slice(0, 10),
    })
    .returning();
  const [epic] = await db
    .insert(schema.gantryEpics)
    .values({
      workspaceId,
      title: "Checkout revamp",
      startOn: new Date(start).toISOString().slice(0, 10),
      endOn: new Date(start + 52 * DAY).toISOString().slice(0, 10),
    })
    .returning();
  if (!release || !epic) throw new Error("not stored");
  const inRelease = histories.filter((_, index) => index % 3 === 0 || (index % 3 === 1 && index > 24));
  for (const issue of inRelease)
    event(issue.id, "release", null, "v2.0", Math.max(issue.joinedAt.getTime(), start + 7 * DAY) + 3_600_000);
  await db
    .insert(schema.releaseIssues)
    .values(inRelease.map((issue) => ({ releaseId: release.id, issueId: issue.id })));
  const inEpic = histories.filter((_, index) => index % 4 === 1);
  for (const issue of inEpic) event(issue.id, "epic", null, "Checkout revamp", issue.joinedAt.getTime() + 1_800_000);
  await db
    .insert(schema.gantryEpicIssues)
    .values(inEpic.map((issue) => ({ gantryEpicId: epic.id, issueId: issue.id })));
  await db.insert(schema.issueEvents).values(events);
  // The roadmap's other rows: an undated release here, and a second workspace's release for the organisation's.
  const platform = decodeGlobalID(await createWorkspace(t, demo, organization)).id;
  const dayAt = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  await db.insert(schema.releases).values([
    { workspaceId, title: "Someday", startOn: null, endOn: null },
    { workspaceId: platform, title: "API v3", startOn: dayAt(-10), endOn: dayAt(25) },
  ]);
  console.log(`Reports: ${baseUrl}/workspaces/${encodeURIComponent(workspace)}/reports/burndown`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  for (const scheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.addInitScript((session) => localStorage.setItem("authV2_token", session), demo.token);
    for (const report of ["burndown", "velocity", "cumulative-flow", "control-chart", "release", "epic"]) {
      await page.goto(`${baseUrl}/workspaces/${encodeURIComponent(workspace)}/reports/${report}`);
      await page.getByRole("table").waitFor();
      await page.waitForTimeout(1800);
      await page.screenshot({ path: out(`reports-${report}-${scheme}.png`), fullPage: true });
      console.log(`docs/screenshots/reports-${report}-${scheme}.png`);
    }
    for (const [name, path] of [
      ["workspace", `/workspaces/${encodeURIComponent(workspace)}/roadmap`],
      ["organization", `/organizations/${encodeURIComponent(organization)}/roadmap`],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole("slider").first().waitFor();
      await page.screenshot({ path: out(`roadmap-${name}-${scheme}.png`), fullPage: true });
      console.log(`docs/screenshots/roadmap-${name}-${scheme}.png`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await t.close();
}
