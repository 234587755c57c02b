import { type Browser, expect, type Page, test } from "@playwright/test";
import { sandboxURL } from "./playwright.config.js";
import { type Account, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";

async function openSignedIn(browser: Browser, account: Account, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url);
  return page;
}

/** `member` asks to join the organisation and `owner` lets them in: an editor of its open workspaces. */
async function join(page: Page, owner: Account, member: Account, organizationId: string) {
  const asked = await gql<{ requestGantryOrganizationAccess: { accessRequest: { id: string } } }>(
    page.request,
    member,
    "mutation ($org: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $org }) { accessRequest { id } } }",
    { org: organizationId },
  );
  await gql(
    page.request,
    owner,
    "mutation ($id: ID!) { approveAccessRequest(input: { accessRequestId: $id }) { __typename } }",
    { id: asked.requestGantryOrganizationAccess.accessRequest.id },
  );
}

test("milestones from GitHub, estimation votes, and a viewer that follows a teammate's changes live", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const login = `votes-${suffix}`;
  const teammateLogin = `mate-${suffix}`;
  const owner = await signInWithGitHub(page.request, { newLogin: login });
  const teammate = await signInWithGitHub(page.request, { newLogin: teammateLogin });
  const github = await sandboxApi(page.request, login);
  expect((await github.post("/user/repos", { name: "launch" })).status()).toBe(201);
  expect((await github.post(`/repos/${login}/launch/issues`, { title: "Plan the launch" })).status()).toBe(201);
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, owner, `Votes Co ${suffix}`, [{ name: "Launch" }]);
  await connectRepository(page.request, owner, workspaceId, "launch", 1);
  await join(page, owner, teammate, organizationId);
  // Made on GitHub after the import, on no issue: the picker still offers it.
  expect((await github.post(`/repos/${login}/launch/milestones`, { title: "Beta" })).status()).toBe(201);

  const issuePath = `/workspaces/${workspaceId}/issues/${login}/launch/1`;
  await signInAs(page, owner);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(issuePath);
  const fields = page.getByRole("region", { name: "Fields" });
  await expect(page.getByRole("heading", { name: "Plan the launch" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" })).toContainText(`${login} opened this issue on GitHub`);

  // The milestone picker (M) lists GitHub's milestones.
  await page.keyboard.press("m");
  const milestones = page.getByRole("dialog", { name: "Set this issue's milestone" });
  await milestones.getByRole("option", { name: "Beta" }).click();
  await expect(fields.getByText("Beta", { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${sandboxURL}/repos/${login}/launch/issues/1`)).json()).milestone?.title,
    )
    .toBe("Beta");

  // Ask both to estimate, and vote.
  const votes = page.getByRole("region", { name: "Estimation votes" });
  await expect(votes).toContainText("No one has been asked to vote.");
  await votes.getByRole("button", { name: "Ask to estimate…" }).click();
  const people = page.getByRole("dialog", { name: "Ask people to estimate this issue" });
  for (const option of await people.getByRole("option").all()) await option.click();
  await page.screenshot({ path: test.info().outputPath("issue-votes-ask.png") });
  await page.keyboard.press("Escape");
  await expect(votes).toContainText("0 of 2 voted");
  const ballot = votes.getByRole("group", { name: "Your vote" });
  await ballot.getByRole("button", { name: "5 points", exact: true }).click();
  await expect(votes).toContainText("1 of 2 voted · average 5 points");
  await expect(ballot.getByRole("button", { name: "5 points", exact: true })).toHaveAttribute("aria-pressed", "true");

  // The teammate, in a browser of their own, votes and sets the estimate; the owner's viewer follows unreloaded.
  const other = await openSignedIn(browser, teammate, issuePath);
  const theirVotes = other.getByRole("region", { name: "Estimation votes" });
  await theirVotes
    .getByRole("group", { name: "Your vote" })
    .getByRole("button", { name: "3 points", exact: true })
    .click();
  await expect(theirVotes).toContainText("2 of 2 voted · average 4 points");
  await expect(votes).toContainText("2 of 2 voted · average 4 points");
  await other.getByRole("region", { name: "Fields" }).getByRole("button", { name: "Estimate", exact: true }).click();
  await other
    .getByRole("dialog", { name: "Estimate this issue" })
    .getByRole("option", { name: "3 points", exact: true })
    .click();
  const estimateRow = fields.getByRole("button", { name: "Estimate", exact: true }).locator("xpath=..");
  await expect(estimateRow).toContainText("3 points");
  await expect(page.getByRole("region", { name: "Activity" })).toContainText("set the estimate to 3");
  await other.context().close();

  await votes.scrollIntoViewIfNeeded();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`issue-votes-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
});
