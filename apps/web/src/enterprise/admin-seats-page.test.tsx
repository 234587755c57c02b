import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { AdminSeatsPage } from "./AdminSeatsPage";
import type { AdminSeat, EnterpriseLicense } from "./api";

const license: EnterpriseLicense = {
  state: "VALID",
  problem: null,
  customer: "Acme",
  seatLimit: 2,
  expiresAt: "2027-01-01T00:00:00Z",
  seatsApproved: 2,
  activeSeatHoldersLast30Days: 1,
};
const seat = (id: string, state: AdminSeat["state"], name: string): AdminSeat => ({
  id,
  state,
  requestedAt: new Date().toISOString(),
  decidedAt: null,
  gantryUser: { name, email: `${name.toLowerCase()}@acme.io` },
});

function renderAdmin(answer: (call: GraphQLCall) => unknown) {
  return renderWithGraphQL(<AdminSeatsPage />, { path: "/admin/seats", graphql: answer });
}

describe("admin seats page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the license, the waiting requests and the seats, and says why an approval past the limit fails", async () => {
    const { calls } = renderAdmin((call) =>
      call.operation === "approveEnterpriseSeat"
        ? {
            errors: [
              {
                message: "All 2 seats of the license are taken. Decline a seat or install a license with more seats.",
                extensions: { code: "CONFLICT" },
              },
            ],
          }
        : {
            data: {
              enterpriseLicense: license,
              enterpriseSeats: { nodes: [seat("s1", "REQUESTED", "Ada"), seat("s2", "APPROVED", "Grace")] },
              instanceUsers: { nodes: [] },
            },
          },
    );
    const licenseSection = await screen.findByRole("region", { name: "License" });
    expect(within(licenseSection).getByText("2 of 2 given")).toBeInTheDocument();
    expect(within(licenseSection).getByText("Acme")).toBeInTheDocument();
    const requests = screen.getByRole("region", { name: "Seat requests" });
    await userEvent.click(within(requests).getByRole("button", { name: "Approve Ada" }));
    expect(await within(requests).findByRole("alert")).toHaveTextContent(
      "All 2 seats of the license are taken. Decline a seat or install a license with more seats.",
    );
    expect(calls.find((call) => call.operation === "approveEnterpriseSeat")?.variables).toEqual({
      enterpriseSeatId: "s1",
    });
    const seats = screen.getByRole("region", { name: "Seats" });
    expect(within(seats).getByRole("button", { name: "Take back Grace's seat" })).toBeInTheDocument();
  });

  it("puts a license problem first, in words an admin can act on", async () => {
    renderAdmin(() => ({
      data: {
        enterpriseLicense: {
          ...license,
          state: "EXPIRED",
          problem: "The license for Acme expired on 2026-11-01.",
        },
        enterpriseSeats: { nodes: [] },
        instanceUsers: { nodes: [] },
      },
    }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The license for Acme expired on 2026-11-01. Until a valid license is installed, no one can open a workspace.",
    );
    expect(screen.getByText("No one is waiting for a seat.")).toBeInTheDocument();
  });

  it("lists every account with its seat and gives a seat to someone who has not asked", async () => {
    const { calls } = renderAdmin((call) =>
      call.operation === "grantEnterpriseSeat"
        ? { data: { grantEnterpriseSeat: { enterpriseSeat: { id: "s9", state: "APPROVED" } } } }
        : {
            data: {
              enterpriseLicense: { ...license, seatsApproved: 1 },
              enterpriseSeats: { nodes: [] },
              instanceUsers: {
                nodes: [
                  { gantryUser: { id: "u1", name: "Ada", email: "ada@acme.io" }, enterpriseSeat: null },
                  {
                    gantryUser: { id: "u2", name: "Grace", email: "grace@acme.io" },
                    enterpriseSeat: { state: "APPROVED" },
                  },
                ],
              },
            },
          },
    );
    const users = await screen.findByRole("region", { name: "Users" });
    expect(within(users).getByText("No seat")).toBeInTheDocument();
    expect(within(users).queryByRole("button", { name: "Give Grace a seat" })).not.toBeInTheDocument();
    await userEvent.click(within(users).getByRole("button", { name: "Give Ada a seat" }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.operation === "grantEnterpriseSeat")?.variables).toEqual({ gantryUserId: "u1" }),
    );
  });

  it("tells people who do not run the installation that seats are not theirs to manage", async () => {
    renderAdmin(() => ({
      errors: [{ message: "You do not have permission to do this.", extensions: { code: "FORBIDDEN" } }],
    }));
    expect(
      await screen.findByText("Only the people who run this Gantry installation can manage seats."),
    ).toBeInTheDocument();
  });
});
