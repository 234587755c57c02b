import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import { useRuntimeConfig } from "../app/runtime-config";

export const ENTERPRISE_SEAT_KEY = ["enterprise-seat"] as const;

export interface ViewerSeat {
  enterpriseSeat: { id: string } | null;
  seatRequestedAt: string | null;
}

/** The viewer's seat and pending request; fetched only in the enterprise edition (SPEC §6). */
export function useViewerSeat(enabled = true) {
  const request = useGraphQL();
  const { edition } = useRuntimeConfig();
  return useQuery({
    queryKey: ENTERPRISE_SEAT_KEY,
    queryFn: async () =>
      (
        await request<{ viewer: ViewerSeat }>(
          "query viewerEnterpriseSeat { viewer { enterpriseSeat { id } seatRequestedAt } }",
        )
      ).viewer,
    enabled: enabled && edition === "enterprise",
  });
}

export function useRequestEnterpriseSeat() {
  return useGraphQLMutation<
    { requestEnterpriseSeat: { gantryUser: { id: string }; alreadyRequested: boolean } },
    Record<string, never>
  >("mutation requestEnterpriseSeat { requestEnterpriseSeat(input: {}) { gantryUser { id } alreadyRequested } }", [
    ENTERPRISE_SEAT_KEY,
  ]);
}

export type SeatState = "REQUESTED" | "APPROVED" | "DECLINED";

export interface AdminSeat {
  id: string;
  state: SeatState;
  requestedAt: string;
  decidedAt: string | null;
  gantryUser: { name: string | null; email: string | null } | null;
}

export interface EnterpriseLicense {
  state: "VALID" | "MISSING" | "INVALID" | "EXPIRED";
  problem: string | null;
  customer: string | null;
  seatLimit: number | null;
  expiresAt: string | null;
  seatsApproved: number;
  activeSeatHoldersLast30Days: number;
}

const ADMIN_SEATS_KEY = ["admin-enterprise-seats"] as const;

export interface InstanceUser {
  gantryUser: { id: string; name: string | null; email: string | null };
  enterpriseSeat: { state: SeatState } | null;
}

/** The license, every seat and every account, for the instance admin page. */
export function useAdminSeats() {
  const request = useGraphQL();
  return useQuery({
    queryKey: ADMIN_SEATS_KEY,
    queryFn: () =>
      request<{
        enterpriseLicense: EnterpriseLicense | null;
        enterpriseSeats: { nodes: AdminSeat[] };
        instanceUsers: { nodes: InstanceUser[] };
      }>(
        `query adminEnterpriseSeats {
          enterpriseLicense { state problem customer seatLimit expiresAt seatsApproved activeSeatHoldersLast30Days }
          enterpriseSeats(first: 100) { nodes { id state requestedAt decidedAt gantryUser { name email } } }
          instanceUsers(first: 100) { nodes { gantryUser { id name email } enterpriseSeat { state } } }
        }`,
      ),
  });
}

export function useDecideSeat(decision: "approveEnterpriseSeat" | "declineEnterpriseSeat") {
  return useGraphQLMutation<unknown, { enterpriseSeatId: string }>(
    `mutation ${decision}($enterpriseSeatId: ID!) { ${decision}(input: { enterpriseSeatId: $enterpriseSeatId }) { enterpriseSeat { id state } } }`,
    [ADMIN_SEATS_KEY],
  );
}

export function useGrantSeat() {
  return useGraphQLMutation<unknown, { gantryUserId: string }>(
    "mutation grantEnterpriseSeat($gantryUserId: ID!) { grantEnterpriseSeat(input: { gantryUserId: $gantryUserId }) { enterpriseSeat { id state } } }",
    [ADMIN_SEATS_KEY],
  );
}
