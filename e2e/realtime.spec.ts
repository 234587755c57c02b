import { expect, type Locator, type Page, test } from "@playwright/test";
import { createOrganizationWithWorkspaces, gql, inviteToOrganization, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";

const pipeline = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cards = (column: Locator) => column.getByRole("listitem").locator("article");
const countText = (column: Locator) => column.locator("header p").first();

test("two members of a workspace see each other's card moves, and GitHub's edits, without reloading", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const [ownerLogin, memberLogin] = [`rt-owner-${suffix}`, `rt-member-${suffix}`];
  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ownerPage = await ownerContext.newPage();
  const memberPage = await memberContext.newPage();

  // The owner has a repository of three issues on GitHub, connected to a new workspace's board.
  const owner = await signInWithGitHub(ownerPage.request, { newLogin: ownerLogin });
  const github = await sandboxApi(ownerPage.request, ownerLogin);
  expect((await github.post("/user/repos", { name: "launch" })).status()).toBe(201);
  for (const title of ["Plan the launch", "Write the announcement", "Book the venue"]) {
    expect((await github.post(`/repos/${ownerLogin}/launch/issues`, { title })).status()).toBe(201);
  }
  const {
    organizationId,
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(ownerPage.request, owner, `Live Co ${suffix}`, [{ name: "Launch" }]);
  await connectRepository(ownerPage.request, owner, workspaceId, "launch", 3);

  // A second member joins through an invitation.
  const member = await signInWithGitHub(memberPage.request, { newLogin: memberLogin });
  const token = await inviteToOrganization(ownerPage.request, owner, organizationId, member.email);
  await gql(
    memberPage.request,
    member,
    "mutation ($token: String!) { acceptGantryOrganizationInvite(input: { token: $token }) { gantryOrganization { id } } }",
    { token },
  );

  // Both open the board.
  await signInAs(ownerPage, owner);
  await signInAs(memberPage, member);
  for (const page of [ownerPage, memberPage]) {
    await page.goto(`/workspaces/${workspaceId}/board`);
    await expect(cards(pipeline(page, "New Issues"))).toHaveCount(3);
  }
  // Marks this document; a reload would lose the mark.
  await memberPage.evaluate(() => document.body.setAttribute("data-not-reloaded", "yes"));

  // The owner drags the top card into Backlog; the member sees it arrive, with the counts.
  const moved = cards(pipeline(ownerPage, "New Issues")).first();
  const movedLabel = (await moved.getAttribute("aria-label")) ?? "";
  await moved.dragTo(pipeline(ownerPage, "Backlog").locator("header"));
  await expect(cards(pipeline(ownerPage, "Backlog")).first()).toHaveAttribute("aria-label", movedLabel);
  const memberBacklog = pipeline(memberPage, "Backlog");
  await expect(cards(memberBacklog)).toHaveCount(1);
  await expect(cards(memberBacklog).first()).toHaveAttribute("aria-label", movedLabel);
  await expect(cards(pipeline(memberPage, "New Issues"))).toHaveCount(2);
  await expect(countText(memberBacklog)).toHaveText("1 Issue / 0 PRs / 0 Points");
  await expect(countText(pipeline(memberPage, "New Issues"))).toHaveText("2 Issues / 0 PRs / 0 Points");

  // And the other way round: the member moves a card into In Progress; the owner sees it.
  const second = cards(pipeline(memberPage, "New Issues")).first();
  const secondLabel = (await second.getAttribute("aria-label")) ?? "";
  await second.dragTo(pipeline(memberPage, "In Progress").locator("header"));
  await expect(cards(pipeline(ownerPage, "In Progress")).first()).toHaveAttribute("aria-label", secondLabel);
  await expect(cards(pipeline(ownerPage, "New Issues"))).toHaveCount(1);
  // The mover's own card did not jump about when the echo of its move came back.
  await expect(cards(pipeline(memberPage, "In Progress"))).toHaveCount(1);

  // An issue renamed on GitHub is renamed on the open board, by webhook.
  const number = Number(/#(\d+)/.exec(movedLabel)?.[1]);
  expect((await github.patch(`/repos/${ownerLogin}/launch/issues/${number}`, { title: "Launch day plan" })).ok()).toBe(
    true,
  );
  await expect(cards(memberBacklog).first()).toContainText("Launch day plan");
  expect(await memberPage.evaluate(() => document.body.getAttribute("data-not-reloaded"))).toBe("yes");

  for (const scheme of ["light", "dark"] as const) {
    await memberPage.emulateMedia({ colorScheme: scheme });
    await memberPage.screenshot({ path: test.info().outputPath(`realtime-member-${scheme}.png`) });
  }
  await ownerContext.close();
  await memberContext.close();
});
