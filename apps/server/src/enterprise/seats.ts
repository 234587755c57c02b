import { type EnterpriseSeatState, type Executor, schema } from "@gantry/db";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { type AuditOrigin, recordAuditEvent, userLabel } from "../audit/record.js";
import { GantryError } from "../graphql/errors.js";
import { type EnterpriseEdition, enterpriseEdition } from "./edition.js";

const { enterpriseSeats, enterpriseSeatUsage } = schema;

export type EnterpriseSeat = typeof enterpriseSeats.$inferSelect;

/** Why an enterprise user cannot open a workspace: no seat (and whether one is asked for), or no valid licence. */
export type SeatProblem =
  | { reason: "ENTERPRISE_SEAT_REQUIRED"; seatRequested: boolean }
  | { reason: "ENTERPRISE_LICENCE_PROBLEM" };

export async function seatOf(db: Executor, userId: string): Promise<EnterpriseSeat | null> {
  const [seat] = await db.select().from(enterpriseSeats).where(eq(enterpriseSeats.userId, userId));
  return seat ?? null;
}

/** The person's seat when it is approved, in the enterprise edition only (SPEC §6: fetched only there). */
export async function heldSeat(db: Executor, userId: string): Promise<EnterpriseSeat | null> {
  if (!enterpriseEdition()) return null;
  const seat = await seatOf(db, userId);
  return seat?.state === "APPROVED" ? seat : null;
}

/** Null when the person may use workspaces as far as seats go: always in the cloud edition. */
export async function seatProblem(db: Executor, userId: string): Promise<SeatProblem | null> {
  return (await seatProblemsOf(db, [userId])).get(userId) ?? null;
}

/** seatProblem for several people in one query (a board event checks all its subscribers at once). */
export async function seatProblemsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, SeatProblem | null>> {
  const edition = enterpriseEdition();
  if (!edition) return new Map(userIds.map((userId) => [userId, null]));
  if (edition.licence().state !== "valid")
    return new Map(userIds.map((userId) => [userId, { reason: "ENTERPRISE_LICENCE_PROBLEM" }]));
  const seats = userIds.length
    ? await db
        .select()
        .from(enterpriseSeats)
        .where(inArray(enterpriseSeats.userId, [...userIds]))
    : [];
  const stateOf = new Map(seats.map((seat) => [seat.userId, seat.state]));
  return new Map(
    userIds.map((userId) => {
      const state = stateOf.get(userId);
      return [
        userId,
        state === "APPROVED" ? null : { reason: "ENTERPRISE_SEAT_REQUIRED", seatRequested: state === "REQUESTED" },
      ];
    }),
  );
}

export function seatProblemError(problem: SeatProblem): GantryError {
  const productName = enterpriseEdition()?.productName ?? "Gantry";
  return problem.reason === "ENTERPRISE_SEAT_REQUIRED"
    ? new GantryError("FORBIDDEN", `You need a ${productName} license to access this Workspace`, { ...problem })
    : new GantryError("FORBIDDEN", `This ${productName} installation has no valid license. Contact your admins.`, {
        ...problem,
      });
}

/** Refuses someone the enterprise edition would not let into a workspace (creating one, for instance). */
export async function requireSeat(db: Executor, userId: string): Promise<void> {
  const problem = await seatProblem(db, userId);
  if (problem) throw seatProblemError(problem);
}

function requireEnterprise(): EnterpriseEdition {
  const edition = enterpriseEdition();
  if (!edition) throw new GantryError("BAD_USER_INPUT", "Seats exist only in the enterprise edition.");
  return edition;
}

/**
 * Asks the instance admins for a seat. Asking again while a request waits changes nothing and
 * says so; after a decline the person may ask again.
 */
export async function requestEnterpriseSeat(
  db: Executor,
  userId: string,
): Promise<{ seat: EnterpriseSeat; alreadyRequested: boolean }> {
  const edition = requireEnterprise();
  const now = edition.now();
  const [inserted] = await db
    .insert(enterpriseSeats)
    .values({ userId, requestedAt: now })
    .onConflictDoNothing({ target: enterpriseSeats.userId })
    .returning();
  if (inserted) return { seat: inserted, alreadyRequested: false };
  const existing = await seatOf(db, userId);
  if (!existing) throw new Error("unreachable: a seat row conflicted but cannot be read");
  if (existing.state === "APPROVED") throw new GantryError("CONFLICT", "You already have a license.");
  if (existing.state === "REQUESTED") return { seat: existing, alreadyRequested: true };
  const [again] = await db
    .update(enterpriseSeats)
    .set({ state: "REQUESTED", requestedAt: now, decidedAt: null, decidedBy: null })
    .where(and(eq(enterpriseSeats.id, existing.id), eq(enterpriseSeats.state, "DECLINED")))
    .returning();
  return again ? { seat: again, alreadyRequested: false } : { seat: existing, alreadyRequested: true };
}

export function seatLimitMessage(limit: number): string {
  return `All ${limit} seats of the license are taken. Decline a seat or install a license with more seats.`;
}

/** A seat by its id, or a person's seat (which need not exist yet: an admin may give one unasked). */
export type SeatTarget = { seatId: string } | { userId: string };

/**
 * An instance admin approves or declines a seat request (declining an approved seat frees it),
 * or gives a person a seat they did not ask for. Approval needs a valid licence with a seat to
 * spare; approvals are serialised so two admins approving at once cannot pass the limit together.
 */
export async function decideEnterpriseSeat(
  db: Executor,
  adminId: string,
  target: SeatTarget,
  decision: Exclude<EnterpriseSeatState, "REQUESTED">,
  origin: AuditOrigin | null = null,
): Promise<EnterpriseSeat> {
  const edition = requireEnterprise();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('enterprise_seats'))`);
    const [seat] = await tx
      .select()
      .from(enterpriseSeats)
      .where("seatId" in target ? eq(enterpriseSeats.id, target.seatId) : eq(enterpriseSeats.userId, target.userId));
    if (seat?.state === decision) return seat;
    if (!seat && ("seatId" in target || decision === "DECLINED")) {
      throw new GantryError("NOT_FOUND", "This seat request does not exist.");
    }
    if (decision === "APPROVED") {
      const licence = edition.licence();
      if (licence.state !== "valid") throw new GantryError("CONFLICT", `No seat can be approved: ${licence.message}`);
      const [approved] = await tx
        .select({ value: count() })
        .from(enterpriseSeats)
        .where(eq(enterpriseSeats.state, "APPROVED"));
      if ((approved?.value ?? 0) >= licence.licence.seatLimit) {
        throw new GantryError("CONFLICT", seatLimitMessage(licence.licence.seatLimit));
      }
    }
    const decided = { state: decision, decidedAt: edition.now(), decidedBy: adminId };
    let result: EnterpriseSeat;
    if (!seat) result = await giveUnaskedSeat(tx, (target as { userId: string }).userId, decided);
    else {
      const [updated] = await tx
        .update(enterpriseSeats)
        .set(decided)
        .where(eq(enterpriseSeats.id, seat.id))
        .returning();
      if (!updated) throw new Error("unreachable: a locked seat row vanished");
      result = updated;
    }
    await recordAuditEvent(tx, {
      // Declining a seat already held takes it back: that is a revocation.
      action: decision === "APPROVED" ? "seat.approved" : seat?.state === "APPROVED" ? "seat.revoked" : "seat.declined",
      actor: { id: adminId },
      target: { type: "user", id: result.userId, label: await userLabel(tx, result.userId) },
      origin,
      details: { from: seat?.state ?? null, to: decision },
      occurredAt: decided.decidedAt,
    });
    return result;
  });
}

async function giveUnaskedSeat(
  tx: Executor,
  userId: string,
  decided: { state: EnterpriseSeatState; decidedAt: Date; decidedBy: string },
): Promise<EnterpriseSeat> {
  const [user] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new GantryError("NOT_FOUND", "This person does not exist.");
  const [inserted] = await tx
    .insert(enterpriseSeats)
    .values({ userId, requestedAt: decided.decidedAt, ...decided })
    .returning();
  if (!inserted) throw new Error("unreachable: insert returned no seat");
  return inserted;
}

/** Every account with its seat (or none), by address, for the admin page's Users section. */
export async function listInstanceUsers(db: Executor) {
  return db
    .select({ user: schema.users, seat: enterpriseSeats })
    .from(schema.users)
    .leftJoin(enterpriseSeats, eq(enterpriseSeats.userId, schema.users.id))
    .orderBy(asc(schema.users.email));
}

export async function listEnterpriseSeats(db: Executor, state: EnterpriseSeatState | null) {
  return db
    .select({ seat: enterpriseSeats, user: schema.users })
    .from(enterpriseSeats)
    .innerJoin(schema.users, eq(schema.users.id, enterpriseSeats.userId))
    .where(state ? eq(enterpriseSeats.state, state) : undefined)
    .orderBy(asc(enterpriseSeats.requestedAt), asc(enterpriseSeats.id));
}

export async function approvedSeatCount(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(enterpriseSeats).where(eq(enterpriseSeats.state, "APPROVED"));
  return row?.value ?? 0;
}

/**
 * Records that a seat holder used Gantry today (UTC): one row per person and day, however often
 * the web app reports, so admins can see how many seats are in use. Refused for anyone without a seat.
 */
export async function trackEnterpriseSeatUsage(db: Executor, userId: string): Promise<string> {
  const edition = requireEnterprise();
  if (!(await heldSeat(db, userId))) throw new GantryError("FORBIDDEN", "Only seat holders report seat usage.");
  const day = edition.now().toISOString().slice(0, 10);
  await db.insert(enterpriseSeatUsage).values({ userId, day }).onConflictDoNothing();
  return day;
}

/** How many seat holders used Gantry on or after a day. */
export async function activeSeatHolders(db: Executor, sinceDay: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${enterpriseSeatUsage.userId})::int` })
    .from(enterpriseSeatUsage)
    .where(sql`${enterpriseSeatUsage.day} >= ${sinceDay}`);
  return row?.value ?? 0;
}
