import { ENTERPRISE_SEAT_STATES } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { GantryUser } from "../accounts/schema.js";
import type { SessionUser } from "../accounts/sessions.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { enterpriseEdition } from "./edition.js";
import type { LicenceStatus } from "./licence.js";
import {
  activeSeatHolders,
  approvedSeatCount,
  decideEnterpriseSeat,
  heldSeat,
  listEnterpriseSeats,
  listInstanceUsers,
  requestEnterpriseSeat,
  type EnterpriseSeat as SeatRow,
  seatOf,
  trackEnterpriseSeatUsage,
} from "./seats.js";

const DAY_MS = 24 * 60 * 60 * 1000;

const EnterpriseSeatState = builder.enumType("EnterpriseSeatState", { values: ENTERPRISE_SEAT_STATES });

const EnterpriseSeat = builder.objectRef<SeatRow & { user?: SessionUser }>("EnterpriseSeat").implement({
  description: "A person's enterprise seat (license): requested, then approved or declined by an instance admin.",
  fields: (t) => ({
    id: t.id({ resolve: (seat) => encodeGlobalID("EnterpriseSeat", seat.id) }),
    state: t.field({ type: EnterpriseSeatState, resolve: (seat) => seat.state }),
    requestedAt: t.field({ type: "ISO8601DateTime", resolve: (seat) => seat.requestedAt }),
    decidedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (seat) => seat.decidedAt }),
    gantryUser: t.field({
      type: GantryUser,
      nullable: true,
      description: "Read by instance admins from the seat list.",
      resolve: (seat) => seat.user ?? null,
    }),
  }),
});

builder.objectField(GantryUser, "enterpriseSeat", (t) =>
  t.field({
    type: EnterpriseSeat,
    nullable: true,
    description: "The viewer's seat, once approved; always null in the cloud edition and for other people.",
    resolve: (user, _args, context) => (context.viewer?.id === user.id ? heldSeat(context.db, user.id) : null),
  }),
);

builder.objectField(GantryUser, "seatRequestedAt", (t) =>
  t.field({
    type: "ISO8601DateTime",
    nullable: true,
    description: "When the viewer asked for a seat that is still waiting for an admin; null otherwise.",
    resolve: async (user, _args, context) => {
      if (context.viewer?.id !== user.id || !enterpriseEdition()) return null;
      const seat = await seatOf(context.db, user.id);
      return seat?.state === "REQUESTED" ? seat.requestedAt : null;
    },
  }),
);

builder.relayMutationField(
  "requestEnterpriseSeat",
  { inputFields: (t) => ({ clientMutationId: t.string({ required: false }) }) },
  {
    description: "Asks the instance admins for a seat (enterprise edition).",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      const viewer = signedInViewer(context);
      const { alreadyRequested } = await requestEnterpriseSeat(context.db, viewer.id);
      return { gantryUser: viewer, alreadyRequested };
    },
  },
  {
    outputFields: (t) => ({
      gantryUser: t.field({ type: GantryUser, resolve: (payload) => payload.gantryUser }),
      alreadyRequested: t.exposeBoolean("alreadyRequested", {
        description: "True when a request was already waiting: nothing changed and no admin is told again.",
      }),
    }),
  },
);

builder.relayMutationField(
  "trackEnterpriseSeatUsage",
  { inputFields: (t) => ({ clientMutationId: t.string({ required: false }) }) },
  {
    description: "The web app reports, once a day, that a seat holder used Gantry (enterprise usage tracking).",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => ({
      day: await trackEnterpriseSeatUsage(context.db, signedInViewer(context).id),
    }),
  },
  { outputFields: (t) => ({ day: t.exposeString("day", { description: "The UTC day recorded (YYYY-MM-DD)." }) }) },
);

function seatIdOf(globalId: string): string {
  return idOfType(decodeGantryId(globalId), "EnterpriseSeat");
}

for (const [name, decision] of [
  ["approveEnterpriseSeat", "APPROVED"],
  ["declineEnterpriseSeat", "DECLINED"],
] as const) {
  builder.relayMutationField(
    name,
    { inputFields: (t) => ({ enterpriseSeatId: t.id({ required: true }) }) },
    {
      description:
        decision === "APPROVED"
          ? "Gives the person a seat, within the license's seat limit (instance admins only)."
          : "Declines a seat request, or takes an approved seat back (instance admins only).",
      authScopes: { instanceAdmin: true },
      resolve: async (_root, { input }, context) => ({
        enterpriseSeat: await decideEnterpriseSeat(
          context.db,
          signedInViewer(context).id,
          { seatId: seatIdOf(String(input.enterpriseSeatId)) },
          decision,
          context.origin ?? null,
        ),
      }),
    },
    { outputFields: (t) => ({ enterpriseSeat: t.field({ type: EnterpriseSeat, resolve: (p) => p.enterpriseSeat }) }) },
  );
}

interface LicenceView {
  status: LicenceStatus;
  seatsApproved: number;
  activeSeatHolders: number;
}

const LicenceState = builder.enumType("EnterpriseLicenseState", {
  values: ["VALID", "MISSING", "INVALID", "EXPIRED"] as const,
});

const EnterpriseLicense = builder.objectRef<LicenceView>("EnterpriseLicense").implement({
  description: "The installed enterprise license and how its seats are used.",
  fields: (t) => ({
    state: t.field({
      type: LicenceState,
      resolve: ({ status }) => status.state.toUpperCase() as "VALID" | "MISSING" | "INVALID" | "EXPIRED",
    }),
    problem: t.string({
      nullable: true,
      description: "What is wrong, in words an admin can act on; null for a valid license.",
      resolve: ({ status }) => (status.state === "valid" ? null : status.message),
    }),
    customer: t.string({
      nullable: true,
      resolve: ({ status }) => ("licence" in status ? status.licence.customer : null),
    }),
    seatLimit: t.int({
      nullable: true,
      resolve: ({ status }) => ("licence" in status ? status.licence.seatLimit : null),
    }),
    issuedAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      resolve: ({ status }) => ("licence" in status ? new Date(status.licence.issuedAt) : null),
    }),
    expiresAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      resolve: ({ status }) => ("licence" in status ? new Date(status.licence.expiresAt) : null),
    }),
    seatsApproved: t.exposeInt("seatsApproved"),
    activeSeatHoldersLast30Days: t.exposeInt("activeSeatHolders", {
      description: "Seat holders who used Gantry in the last 30 days, from the usage-tracking mutation.",
    }),
  }),
});

builder.queryField("enterpriseLicense", (t) =>
  t.field({
    type: EnterpriseLicense,
    nullable: true,
    description: "The enterprise license (instance admins only); null in the cloud edition.",
    authScopes: { instanceAdmin: true },
    resolve: async (_root, _args, context) => {
      const edition = enterpriseEdition();
      if (!edition) return null;
      const since = new Date(edition.now().getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
      return {
        status: edition.licence(),
        seatsApproved: await approvedSeatCount(context.db),
        activeSeatHolders: await activeSeatHolders(context.db, since),
      };
    },
  }),
);

builder.queryField("enterpriseSeats", (t) =>
  t.connection({
    type: EnterpriseSeat,
    description: "Seats and seat requests, oldest request first (instance admins only).",
    authScopes: { instanceAdmin: true },
    args: { state: t.arg({ type: EnterpriseSeatState, required: false }) },
    resolve: async (_root, args, context) =>
      arrayConnection(
        args,
        (await listEnterpriseSeats(context.db, args.state ?? null)).map(({ seat, user }) => ({ ...seat, user })),
      ),
  }),
);

builder.relayMutationField(
  "grantEnterpriseSeat",
  { inputFields: (t) => ({ gantryUserId: t.globalID({ required: true, for: GantryUser }) }) },
  {
    description: "Gives a person a seat they did not ask for, within the license's seat limit (instance admins only).",
    authScopes: { instanceAdmin: true },
    resolve: async (_root, { input }, context) => ({
      enterpriseSeat: await decideEnterpriseSeat(
        context.db,
        signedInViewer(context).id,
        { userId: input.gantryUserId.id },
        "APPROVED",
        context.origin ?? null,
      ),
    }),
  },
  { outputFields: (t) => ({ enterpriseSeat: t.field({ type: EnterpriseSeat, resolve: (p) => p.enterpriseSeat }) }) },
);

const InstanceUser = builder.objectRef<{ user: SessionUser; seat: SeatRow | null }>("InstanceUser").implement({
  description: "An account on this installation and its enterprise seat, for instance admins.",
  fields: (t) => ({
    gantryUser: t.field({ type: GantryUser, resolve: (row) => row.user }),
    enterpriseSeat: t.field({
      type: EnterpriseSeat,
      nullable: true,
      description: "The seat in any state (requested, approved or declined); null when never asked for.",
      resolve: (row) => row.seat,
    }),
  }),
});

builder.queryField("instanceUsers", (t) =>
  t.connection({
    type: InstanceUser,
    description: "Every account on this installation with its seat, by address (instance admins only).",
    authScopes: { instanceAdmin: true },
    resolve: async (_root, args, context) => arrayConnection(args, await listInstanceUsers(context.db)),
  }),
);
