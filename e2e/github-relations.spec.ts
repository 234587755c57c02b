import { expect, test } from "@playwright/test";
import { createNativeIssue, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";
import { connectRepository, sandboxApi, signInWithGitHub } from "./support/github-sandbox.js";
import { openIssue, picker, pickMany, pickOne, row } from "./support/issue-sidebar.js";
import { screenshots } from "./support/screenshots.js";

test("a sub-issue, a blocker and a type made on GitHub show in Gantry, and links made in Gantry show on GitHub", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await signInWithGitHub(page.request, { login: "demo" });
  const sandbox = await sandboxApi(page.request, "demo");
  const name = `relations-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const repo = `/repos/acme/${name}`;
  expect((await sandbox.post("/orgs/acme/repos", { name })).status()).toBe(201);
  const made: Record<string, { id: number; number: number }> = {};
  for (const title of ["Checkout", "Pay by card", "Card vault", "Receipts"]) {
    const answer = await sandbox.post(`${repo}/issues`, { title });
    expect(answer.status()).toBe(201);
    made[title] = (await answer.json()) as { id: number; number: number };
  }
  const issue = (title: string) => made[title] ?? { id: 0, number: 0 };
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(page.request, account, `Relations Co ${name}`, [{ name: "Links" }]);
  await connectRepository(page.request, account, workspaceId, name, 4);

  // On GitHub: "Pay by card" becomes a sub-issue of "Checkout", waits on "Card vault", and "Card vault" is a Bug.
  const onGitHub = [
    sandbox.post(`${repo}/issues/${issue("Checkout").number}/sub_issues`, { sub_issue_id: issue("Pay by card").id }),
    sandbox.post(`${repo}/issues/${issue("Pay by card").number}/dependencies/blocked_by`, {
      issue_id: issue("Card vault").id,
    }),
    sandbox.patch(`${repo}/issues/${issue("Card vault").number}`, { type: "Bug" }),
  ];
  for (const call of onGitHub) expect((await call).ok()).toBe(true);

  await signInAs(page, account);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/workspaces/${workspaceId}/board`);
  const { fields } = await openIssue(page, "Pay by card");
  await expect(row(fields, "Parent issue")).toContainText(`#${issue("Checkout").number} Checkout`);
  await expect(row(fields, "Blocked by")).toContainText(`#${issue("Card vault").number} Card vault`);
  // Both are GitHub issues: the links are GitHub's too, so no "Gantry only" note.
  await expect(fields.getByText("Gantry only")).toHaveCount(0);
  const typeOf = async (number: number) =>
    (
      await gql<{ workspaceIssue: { issueType: { __typename: string; name: string } | null } }>(
        page.request,
        account,
        "query ($w: ID!, $n: Int!, $o: String, $r: String) { workspaceIssue(workspaceId: $w, issueNumber: $n, repositoryOwner: $o, repositoryName: $r) { issueType { __typename ... on BaseIssueType { name } } } }",
        { w: workspaceId, n: number, o: "acme", r: name },
      )
    ).workspaceIssue.issueType;
  await expect.poll(() => typeOf(issue("Card vault").number)).toEqual({ __typename: "GithubIssueType", name: "Bug" });
  await screenshots(page, "relations-from-github");
  await page.keyboard.press("Escape");
  // GitHub's type shows in the sidebar's Type row.
  const vault = await openIssue(page, "Card vault");
  await expect(row(vault.fields, "Type")).toContainText("Bug");
  await page.keyboard.press("Escape");

  // In Gantry: "Receipts" becomes a sub-issue of "Checkout" and blocks "Pay by card"; GitHub has both.
  const receipts = await openIssue(page, "Receipts");
  await page.keyboard.press("u");
  await pickOne(page, "Make this a sub-issue of", `#${issue("Checkout").number} Checkout`, "Checkout");
  await expect(row(receipts.fields, "Parent issue")).toContainText("Checkout");
  await page.keyboard.press("Shift+B");
  await pickMany(page, "Issues this one blocks", [`#${issue("Pay by card").number} Pay by card`], "Pay");
  await expect(row(receipts.fields, "Blocking")).toContainText("Pay by card");
  const listed = async (path: string) =>
    ((await (await sandbox.get(path)).json()) as { number: number }[]).map((entry) => entry.number);
  // The rows show a pick at once; GitHub has it once Gantry's answer is in.
  await expect
    .poll(() => listed(`${repo}/issues/${issue("Checkout").number}/sub_issues`))
    .toEqual([issue("Pay by card").number, issue("Receipts").number]);
  await expect
    .poll(() => listed(`${repo}/issues/${issue("Pay by card").number}/dependencies/blocked_by`))
    .toEqual([issue("Card vault").number, issue("Receipts").number]);
  // A Gantry issue blocking "Receipts": the link stays in Gantry, and its row says so.
  await createNativeIssue(page.request, account, workspaceId, "Legal review");
  await page.keyboard.press("Escape");
  const legal = await openIssue(page, "Legal review");
  await page.keyboard.press("Shift+B");
  await pickMany(page, "Issues this one blocks", [`#${issue("Receipts").number} Receipts`], "Receipts");
  await expect(row(legal.fields, "Blocking")).toContainText("Gantry only");
  await row(legal.fields, "Blocking").scrollIntoViewIfNeeded();
  await screenshots(page, "relations-gantry-only");
  await expect.poll(() => listed(`${repo}/issues/${issue("Receipts").number}/dependencies/blocked_by`)).toEqual([]);

  // And a type: "Receipts" becomes a Feature in the sidebar's type picker, and on GitHub.
  await page.keyboard.press("Escape");
  const typed = await openIssue(page, "Receipts");
  await typed.fields.getByRole("button", { name: "Type", exact: true }).click();
  // An option reads as its name and GitHub's description of the type.
  await picker(page, "Set this issue's type")
    .getByRole("option", { name: /^Feature/ })
    .click();
  await expect(picker(page, "Set this issue's type")).toBeHidden();
  await expect(row(typed.fields, "Type")).toContainText("Feature");
  const typeOnGitHub = async () =>
    (
      (await (await sandbox.get(`${repo}/issues/${issue("Receipts").number}`)).json()) as {
        type: { name: string } | null;
      }
    ).type?.name;
  await expect.poll(typeOnGitHub).toBe("Feature");
  await row(typed.fields, "Type").scrollIntoViewIfNeeded();
  await screenshots(page, "relations-to-github");
});
