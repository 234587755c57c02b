import { expect, type Page, test } from "@playwright/test";
import { createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";

/**
 * Payloads from OWASP's "XSS Filter Evasion Cheat Sheet"
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html), plus the
 * markdown forms of its javascript: links. Each calls alert or sets a window canary if it runs.
 */
const PAYLOADS = [
  "<script>alert('XSS')</script>",
  "<SCRIPT SRC=data:text/javascript,window.__xss=1></SCRIPT>",
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  "<img src=x onerror=window.__xss=1>",
  "<img src=x onerror=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>",
  "<SVG/onload=alert('XSS')>",
  "<svg><script>window.__xss=1</script></svg>",
  "<BODY ONLOAD=alert('XSS')>",
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">x</DIV>`,
  "<details open ontoggle=window.__xss=1>",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  `<object data="javascript:alert('XSS')"></object>`,
  `<a href="javascript:alert('XSS')">click me</a>`,
  "[markdown link](javascript:alert('XSS'))",
  '![markdown image](x" onerror="window.__xss=1)',
  `"><script>alert(1)</script>`,
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>",
];

/** Fails the test if any payload ran: a dialog opened, or the canary was set. */
async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => "__xss" in window)).toBe(false);
  // A javascript: link that rendered would run on a click, which no test can rule out by waiting.
  await expect(page.locator('a[href^="javascript:" i], iframe, object, embed, script:not([src])')).toHaveCount(0);
}

test("payloads from the OWASP cheat sheet in titles, bodies, comments, labels, epics, releases and sprints never run", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const login = `xss-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = await signInWithGitHub(page.request, { newLogin: login });
  const github = await sandboxApi(page.request, login);
  expect((await github.post("/user/repos", { name: "hostile" })).status()).toBe(201);
  const body = PAYLOADS.join("\n\n");
  const titles = PAYLOADS.slice(0, 8);
  for (const [index, title] of titles.entries()) {
    const labels = index === 0 ? PAYLOADS.slice(8, 12).map((payload) => payload.slice(0, 50)) : [];
    expect((await github.post(`/repos/${login}/hostile/issues`, { title, body, labels })).status()).toBe(201);
  }
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `XSS Co ${login}`, [{ name: "Hostile" }]);
  await connectRepository(page.request, account, workspaceId, "hostile", titles.length);

  const api = <Data>(query: string, variables: Record<string, unknown>) =>
    gql<Data>(page.request, account, query, variables);
  const { viewer } = await api<{ viewer: { githubRepositories: { ghId: number; name: string }[] } }>(
    "query { viewer { githubRepositories { ghId name } } }",
    {},
  );
  const ghId = viewer.githubRepositories.find((repository) => repository.name === "hostile")?.ghId;
  const { issueByInfo: first } = await api<{ issueByInfo: { id: string } }>(
    "query ($ghId: Int) { issueByInfo(repositoryGhId: $ghId, issueNumber: 1) { id } }",
    { ghId },
  );
  await api(
    "mutation ($id: ID!, $body: String!) { createComment(input: { commentableId: $id, body: $body }) { __typename } }",
    {
      id: first.id,
      body,
    },
  );
  const { createGantryEpic } = await api<{ createGantryEpic: { gantryEpic: { id: string } } }>(
    "mutation ($w: ID!, $title: String!, $body: String) { createGantryEpic(input: { workspaceId: $w, gantryEpic: { title: $title, body: $body } }) { gantryEpic { id } } }",
    { w: workspaceId, title: PAYLOADS[12], body },
  );
  await api(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { successCount } }",
    { issueIds: [first.id], ids: [createGantryEpic.gantryEpic.id] },
  );
  const { createRelease } = await api<{ createRelease: { release: { id: string } } }>(
    "mutation ($w: ID!, $title: String!, $description: String) { createRelease(input: { workspaceId: $w, release: { title: $title, description: $description } }) { release { id } } }",
    { w: workspaceId, title: PAYLOADS[13], description: body },
  );
  await api(
    "mutation ($issueIds: [ID!]!, $ids: [ID!]!) { addIssuesToReleases(input: { issueIds: $issueIds, releaseIds: $ids }) { successCount } }",
    { issueIds: [first.id], ids: [createRelease.release.id] },
  );
  const today = new Date().toISOString().slice(0, 10);
  await api(
    "mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }",
    {
      input: {
        workspaceId,
        name: PAYLOADS[14],
        period: 1,
        startOn: today,
        startOnTime: "00:00",
        tzIdentifier: "UTC",
        settings: { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: false } },
      },
    },
  );

  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  const newIssues = page.getByRole("region", { name: "New Issues", exact: true });
  // Titles show as text: the first payload is there, literally.
  await expect(newIssues.getByText(PAYLOADS[0] ?? "", { exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}/issues/${login}/hostile/1`);
  await expect(page.getByRole("heading", { level: 1, name: PAYLOADS[0] })).toBeVisible();
  await expect(page.getByRole("region", { name: "Description" }).getByText("markdown link")).toBeVisible();
  // Hovering and focusing everything gives onmouseover/onfocus payloads their chance.
  for (const element of await page.locator("main img, main svg, main div[style]").all())
    await element.hover({ force: true, trial: false }).catch(() => undefined);
  await expectNothingRan(page, dialogs);
  await page.screenshot({ path: test.info().outputPath("xss-issue-page.png"), fullPage: true });
});
