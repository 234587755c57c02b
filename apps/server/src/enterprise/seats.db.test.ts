import { type Engine, schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import {
  addMember,
  createOrganization,
  createWorkspace,
  field,
  type GraphQLAnswer,
  gql,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { enterpriseEnv, licenceFile } from "../testing/licence.js";
import { createAppWithInstanceAdmin } from "../testing/team.js";

const ADMIN_EMAIL = "seat-admin@acme.test";
const DAY_MS = 24 * 60 * 60 * 1000;

const enterpriseApp = (engine: Engine, licence: string) =>
  createAppWithInstanceAdmin(engine, { email: ADMIN_EMAIL, label: "admin" }, enterpriseEnv(licence));

/** Arranges a seat directly, for people whose seat is not what the test is about. */
async function giveSeat(t: TestApp, user: TestUser) {
  await t.database.db.insert(schema.enterpriseSeats).values({ userId: user.userId, state: "APPROVED" });
}

const errorOf = (answer: GraphQLAnswer) => ({
  code: answer.errors?.[0]?.extensions?.code,
  message: answer.errors?.[0]?.message,
  reason: answer.errors?.[0]?.extensions?.reason,
  seatRequested: answer.errors?.[0]?.extensions?.seatRequested,
});

const OPEN = "query ($id: ID!) { workspace(id: $id) { name } }";
const REQUEST = "mutation { requestEnterpriseSeat(input: {}) { gantryUser { id } alreadyRequested } }";
const SEATS =
  "query ($state: EnterpriseSeatState) { enterpriseSeats(state: $state, first: 50) { nodes { id state gantryUser { email } } } }";
const DECIDE = (name: string) =>
  `mutation ($id: ID!) { ${name}(input: { enterpriseSeatId: $id }) { enterpriseSeat { state } } }`;
const VIEWER = "{ viewer { enterpriseSeat { id } seatRequestedAt } }";
const CREATE_WORKSPACE =
  'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "Plans" }) { workspace { id } } }';
const LICENSE = "{ enterpriseLicense { state problem customer seatLimit seatsApproved activeSeatHoldersLast30Days } }";

describe.each(testEngines())("enterprise seats on %s", (engine) => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let member: TestUser;
  let workspace: string;
  let organization: string;

  const seatIdOf = async (user: TestUser) => {
    const seats = field<{ nodes: { id: string; gantryUser: { email: string } }[] }>(
      await gql(t, admin.token, SEATS, {}),
      "enterpriseSeats",
    );
    const seat = seats.nodes.find((node) => node.gantryUser.email === user.email);
    if (!seat) throw new Error(`no seat for ${user.email}`);
    return seat.id;
  };

  beforeAll(async () => {
    ({ t, admin } = await enterpriseApp(engine, licenceFile(3)));
    owner = await signUpUser(t, "owner");
    await giveSeat(t, owner);
    member = await signUpUser(t, "member");
    organization = await createOrganization(t, owner);
    workspace = await createWorkspace(t, owner, organization);
    await addMember(t, organization, member, "member");
  });
  afterAll(() => t.close());

  it("refuses a workspace to a member without a seat, server-side, saying whether a seat was asked for", async () => {
    const seatless = await signUpUser(t, "seatless");
    const ownOrganization = await createOrganization(t, seatless);
    const create = await gql(t, seatless.token, CREATE_WORKSPACE, { org: ownOrganization });
    expect(errorOf(create).reason).toBe("ENTERPRISE_SEAT_REQUIRED");
    expect(errorOf(await gql(t, member.token, OPEN, { id: workspace }))).toEqual({
      code: "FORBIDDEN",
      message: "You need a Gantry license to access this Workspace",
      reason: "ENTERPRISE_SEAT_REQUIRED",
      seatRequested: false,
    });
    expect(field(await gql(t, member.token, VIEWER), "viewer")).toEqual({
      enterpriseSeat: null,
      seatRequestedAt: null,
    });
  });

  it("takes one request (empty input, answering the viewer's id) and answers a second with already requested", async () => {
    expect(errorOf(await gql(t, null, REQUEST)).code).toBe("UNAUTHENTICATED");
    expect(field(await gql(t, member.token, REQUEST), "requestEnterpriseSeat")).toEqual({
      gantryUser: { id: member.id },
      alreadyRequested: false,
    });
    expect(field(await gql(t, member.token, REQUEST), "requestEnterpriseSeat")).toEqual({
      gantryUser: { id: member.id },
      alreadyRequested: true,
    });
    expect(errorOf(await gql(t, member.token, OPEN, { id: workspace })).seatRequested).toBe(true);
    const viewer = field<{ seatRequestedAt: string | null }>(await gql(t, member.token, VIEWER), "viewer");
    expect(viewer.seatRequestedAt).not.toBeNull();
  });

  it("lets only instance admins list, approve and decline seats", async () => {
    const seatId = await seatIdOf(member);
    expect(errorOf(await gql(t, member.token, SEATS, {})).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, owner.token, DECIDE("approveEnterpriseSeat"), { id: seatId })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, member.token, LICENSE)).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, member.token, OPEN, { id: workspace })).reason).toBe("ENTERPRISE_SEAT_REQUIRED");
  });

  it("opens the workspace once an admin approves, and shows the seat on the viewer and in the user-info load", async () => {
    const pending = field<{ nodes: { gantryUser: { email: string } }[] }>(
      await gql(t, admin.token, SEATS, { state: "REQUESTED" }),
      "enterpriseSeats",
    );
    expect(pending.nodes.map((node) => node.gantryUser.email)).toEqual([member.email]);
    const seatId = await seatIdOf(member);
    expect(
      field(await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: seatId }), "approveEnterpriseSeat"),
    ).toEqual({
      enterpriseSeat: { state: "APPROVED" },
    });
    expect(field<{ name: string }>(await gql(t, member.token, OPEN, { id: workspace }), "workspace").name).toBeTruthy();
    expect(field(await gql(t, member.token, VIEWER), "viewer")).toEqual({
      enterpriseSeat: { id: seatId },
      seatRequestedAt: null,
    });
    const info = await t.app.inject({ url: "/api/user-info", headers: { authorization: `Bearer ${member.token}` } });
    expect(info.json()).toMatchObject({ enterpriseSeat: { id: seatId, state: "APPROVED" } });
    expect(errorOf(await gql(t, member.token, REQUEST))).toMatchObject({
      code: "CONFLICT",
      message: "You already have a license.",
    });
  });

  it("refuses an approval past the license's seat limit until a seat is declined", async () => {
    const [third, fourth] = [await signUpUser(t, "third"), await signUpUser(t, "fourth")];
    for (const user of [third, fourth]) await addMember(t, organization, user, "member");
    for (const user of [third, fourth]) await gql(t, user.token, REQUEST);
    await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: await seatIdOf(third) });
    expect(errorOf(await gql(t, third.token, OPEN, { id: workspace })).code).toBeUndefined();
    const fourthSeat = await seatIdOf(fourth);
    expect(errorOf(await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: fourthSeat }))).toMatchObject({
      code: "CONFLICT",
      message: "All 3 seats of the license are taken. Decline a seat or install a license with more seats.",
    });
    expect(field(await gql(t, admin.token, LICENSE), "enterpriseLicense")).toMatchObject({
      seatLimit: 3,
      seatsApproved: 3,
    });
    await gql(t, admin.token, DECIDE("declineEnterpriseSeat"), { id: await seatIdOf(third) });
    expect(errorOf(await gql(t, third.token, OPEN, { id: workspace })).reason).toBe("ENTERPRISE_SEAT_REQUIRED");
    const approved = await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: fourthSeat });
    expect(field(approved, "approveEnterpriseSeat")).toEqual({ enterpriseSeat: { state: "APPROVED" } });
    // Declined, a person may ask again, and it counts as a new request.
    expect(field(await gql(t, third.token, REQUEST), "requestEnterpriseSeat")).toMatchObject({
      alreadyRequested: false,
    });
  });

  it("records a seat holder's daily usage once a day and refuses people without a seat", async () => {
    const TRACK = "mutation { trackEnterpriseSeatUsage(input: {}) { day } }";
    const stranger = await signUpUser(t, "stranger");
    expect(errorOf(await gql(t, stranger.token, TRACK))).toMatchObject({
      code: "FORBIDDEN",
      message: "Only seat holders report seat usage.",
    });
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 2; i++) {
      expect(field(await gql(t, member.token, TRACK), "trackEnterpriseSeatUsage")).toEqual({ day: today });
    }
    expect(field(await gql(t, admin.token, LICENSE), "enterpriseLicense")).toMatchObject({
      state: "VALID",
      problem: null,
      customer: "Acme",
      activeSeatHoldersLast30Days: 1,
    });
  });

  it("lets an admin give a seat unasked, within the limit, writing nothing when refused", async () => {
    const GRANT =
      "mutation ($id: ID!) { grantEnterpriseSeat(input: { gantryUserId: $id }) { enterpriseSeat { state } } }";
    const USERS = "{ instanceUsers(first: 100) { nodes { gantryUser { email } enterpriseSeat { state } } } }";
    const seatOfUser = async (email: string) => {
      const users = field<{ nodes: { gantryUser: { email: string }; enterpriseSeat: { state: string } | null }[] }>(
        await gql(t, admin.token, USERS),
        "instanceUsers",
      );
      return users.nodes.find((node) => node.gantryUser.email === email)?.enterpriseSeat ?? null;
    };
    const newcomer = await signUpUser(t, "newcomer");
    expect(errorOf(await gql(t, member.token, GRANT, { id: newcomer.id })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, member.token, USERS)).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, admin.token, GRANT, { id: newcomer.id }))).toMatchObject({
      code: "CONFLICT",
      message: "All 3 seats of the license are taken. Decline a seat or install a license with more seats.",
    });
    expect(await seatOfUser(newcomer.email)).toBeNull();
    await gql(t, admin.token, DECIDE("declineEnterpriseSeat"), { id: await seatIdOf(member) });
    expect(field(await gql(t, admin.token, GRANT, { id: newcomer.id }), "grantEnterpriseSeat")).toEqual({
      enterpriseSeat: { state: "APPROVED" },
    });
    expect(await seatOfUser(newcomer.email)).toEqual({ state: "APPROVED" });
    expect(await seatOfUser(member.email)).toEqual({ state: "DECLINED" });
  });
});

describe.each(testEngines())("an enterprise install without a valid license on %s", (engine) => {
  it("starts, refuses workspaces even to seat holders, refuses approvals and tells admins why", async () => {
    const { t, admin } = await enterpriseApp(engine, licenceFile(5, -1));
    try {
      const owner = await signUpUser(t, "owner");
      await giveSeat(t, owner);
      const create = await gql(t, owner.token, CREATE_WORKSPACE, { org: await createOrganization(t, owner) });
      expect(errorOf(create)).toMatchObject({
        code: "FORBIDDEN",
        message: "This Gantry installation has no valid license. Contact your admins.",
        reason: "ENTERPRISE_LICENCE_PROBLEM",
      });
      await gql(t, (await signUpUser(t, "member")).token, REQUEST);
      const seats = field<{ nodes: { id: string; state: string }[] }>(
        await gql(t, admin.token, SEATS, { state: "REQUESTED" }),
        "enterpriseSeats",
      );
      const refused = await gql(t, admin.token, DECIDE("approveEnterpriseSeat"), { id: seats.nodes[0]?.id });
      const expired = `The license for Acme expired on ${new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)}.`;
      expect(errorOf(refused)).toMatchObject({ code: "CONFLICT", message: `No seat can be approved: ${expired}` });
      expect(field(await gql(t, admin.token, LICENSE), "enterpriseLicense")).toMatchObject({
        state: "EXPIRED",
        problem: expired,
      });
    } finally {
      await t.close();
    }
  });
});

describe("the cloud edition", () => {
  it("has no seats: workspaces open without one and seat requests are refused", async () => {
    const t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" });
    try {
      const owner = await signUpUser(t, "owner");
      const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
      expect(
        field<{ name: string }>(await gql(t, owner.token, OPEN, { id: workspace }), "workspace").name,
      ).toBeTruthy();
      expect(errorOf(await gql(t, owner.token, REQUEST))).toMatchObject({
        code: "BAD_USER_INPUT",
        message: "Seats exist only in the enterprise edition.",
      });
      expect(field(await gql(t, owner.token, VIEWER), "viewer")).toEqual({
        enterpriseSeat: null,
        seatRequestedAt: null,
      });
    } finally {
      await t.close();
    }
  });
});
