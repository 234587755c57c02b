import { expect, test } from "@playwright/test";
import { type Account, createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "../support/gantry-api.js";
import { ENTERPRISE_ADMIN_EMAIL, LICENSED_SEATS } from "./enterprise-server.js";

const REQUEST_SEAT = "mutation { requestEnterpriseSeat(input: {}) { gantryUser { id } alreadyRequested } }";
const SEATS = "{ enterpriseSeats(first: 50) { nodes { id state gantryUser { email } } } }";

async function seatIdOf(request: Parameters<typeof gql>[0], admin: Account, email: string): Promise<string> {
  const { enterpriseSeats } = await gql<{
    enterpriseSeats: { nodes: { id: string; gantryUser: { email: string } }[] };
  }>(request, admin, SEATS);
  const seat = enterpriseSeats.nodes.find((node) => node.gantryUser.email === email);
  if (!seat) throw new Error(`no seat request from ${email}`);
  return seat.id;
}

test("a member without a seat requests one on the no-license page, an admin approves it, and the workspace opens", async ({
  browser,
  request,
}) => {
  // The admin takes the first of the license's seats for themselves, then sets up a workspace.
  const admin = await createAccount(request, "seat-admin", ENTERPRISE_ADMIN_EMAIL);
  await gql(request, admin, REQUEST_SEAT);
  await gql(
    request,
    admin,
    "mutation ($id: ID!) { approveEnterpriseSeat(input: { enterpriseSeatId: $id }) { enterpriseSeat { id } } }",
    {
      id: await seatIdOf(request, admin, admin.email),
    },
  );
  const { organizationId, workspaceIds } = await createOrganizationWithWorkspaces(request, admin, "Acme Seats", [
    { name: "Licensed work" },
  ]);
  const member = await createAccount(request, "seatless");
  const asked = await gql<{ requestGantryOrganizationAccess: { accessRequest: { id: string } } }>(
    request,
    member,
    "mutation ($org: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $org }) { accessRequest { id } } }",
    { org: organizationId },
  );
  await gql(
    request,
    admin,
    "mutation ($id: ID!) { approveAccessRequest(input: { accessRequestId: $id }) { accessRequest { id } } }",
    {
      id: asked.requestGantryOrganizationAccess.accessRequest.id,
    },
  );

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInAs(memberPage, member);
  await memberPage.goto(`/workspaces/${workspaceIds[0]}`);
  await expect(
    memberPage.getByRole("heading", { name: "You need a Gantry license to access this Workspace" }),
  ).toBeVisible();
  await expect(memberPage.getByText("Contact your admins to request a license")).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await memberPage.emulateMedia({ colorScheme: scheme });
    await memberPage.screenshot({ path: test.info().outputPath(`no-license-${scheme}.png`) });
  }
  await memberPage.getByRole("button", { name: "Request a license" }).click();
  await expect(memberPage.getByRole("heading", { name: "Your admin has been notified" })).toBeVisible();
  await memberPage.screenshot({ path: test.info().outputPath("no-license-notified-dark.png") });
  await memberPage.reload();
  await expect(
    memberPage.getByRole("heading", { name: "Hmm... Looks like you've already requested a license" }),
  ).toBeVisible();
  await expect(memberPage.getByText("Please wait for your admin to approve your request")).toBeVisible();
  await expect(memberPage.getByRole("main").getByRole("button")).toHaveCount(0);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto("/admin/seats");
  const license = adminPage.getByRole("region", { name: "License" });
  await expect(license.getByText(`1 of ${LICENSED_SEATS} given`)).toBeVisible();
  const requests = adminPage.getByRole("region", { name: "Seat requests" });
  for (const scheme of ["light", "dark"] as const) {
    await adminPage.emulateMedia({ colorScheme: scheme });
    await expect(requests.getByText(member.email)).toBeVisible();
    await adminPage.screenshot({ path: test.info().outputPath(`admin-seats-${scheme}.png`), fullPage: true });
    // The license state is the shared StatusLabel part (apps/web/src/ui), shot for its docs.
    await license
      .getByText("Valid", { exact: true })
      .screenshot({ path: `docs/screenshots/ui-status-label-${scheme}.png` });
  }
  await requests.getByRole("button", { name: `Approve ${member.email}` }).click();
  await expect(adminPage.getByRole("region", { name: "Seats" }).getByText(member.email)).toBeVisible();
  await expect(license.getByText(`${LICENSED_SEATS} of ${LICENSED_SEATS} given`)).toBeVisible();

  await memberPage.goto(`/workspaces/${workspaceIds[0]}`);
  await expect(memberPage.getByRole("heading", { level: 1, name: "Licensed work" })).toBeVisible();
  // The shell reported the seat holder's day of use.
  await expect
    .poll(async () => {
      const answer = await gql<{ enterpriseLicense: { activeSeatHoldersLast30Days: number } }>(
        request,
        admin,
        "{ enterpriseLicense { activeSeatHoldersLast30Days } }",
      );
      return answer.enterpriseLicense.activeSeatHoldersLast30Days;
    })
    .toBeGreaterThanOrEqual(1);
  await memberContext.close();
  await adminContext.close();
});
