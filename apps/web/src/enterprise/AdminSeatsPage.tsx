import { formatRelativeDate } from "@gantry/domain";
import { Link } from "react-router";
import { GraphQLRequestError } from "../api/graphql";
import { useRuntimeConfig } from "../app/runtime-config";
import { ADMIN_AUDIT_LOG_PATH } from "../audit/paths";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import { AdminProvidersSection } from "./AdminProvidersSection";
import styles from "./AdminSeatsPage.module.css";
import { AdminUsersSection } from "./AdminUsersSection";
import { type AdminSeat, type EnterpriseLicense, useAdminSeats, useDecideSeat } from "./api";

/**
 * /admin/seats: the instance's license, its seat requests and seats, and every account, where
 * instance admins approve, decline, take back and give seats.
 */
export function AdminSeatsPage() {
  const { productName } = useRuntimeConfig();
  const query = useAdminSeats();

  if (query.error instanceof GraphQLRequestError && query.error.code === "FORBIDDEN") {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>License and seats</h1>
        <p className={styles.muted}>Only the people who run this {productName} installation can manage seats.</p>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className={styles.page} role="alert">
        <p className={styles.muted}>The seats could not be loaded: {query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!query.data) {
    return (
      <main className={styles.page}>
        <Loader label="Loading seats" />
      </main>
    );
  }
  const { enterpriseLicense: license, enterpriseSeats, instanceUsers } = query.data;
  if (!license) {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>License and seats</h1>
        <p className={styles.muted}>This installation runs the cloud edition: it has no seats to manage.</p>
        <Link to={ADMIN_AUDIT_LOG_PATH}>Audit log</Link>
      </main>
    );
  }
  const seats = enterpriseSeats.nodes;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>License and seats</h1>
      {/* Shown only once the server has answered as to an instance admin. */}
      <Link to={ADMIN_AUDIT_LOG_PATH}>Audit log</Link>
      <LicenseSection license={license} />
      <SeatSection
        title="Seat requests"
        empty="No one is waiting for a seat."
        seats={seats.filter((seat) => seat.state === "REQUESTED")}
      />
      <SeatSection
        title="Seats"
        empty="No seats are given yet."
        seats={seats.filter((seat) => seat.state === "APPROVED")}
      />
      <SeatSection
        title="Declined"
        empty="No requests were declined."
        seats={seats.filter((seat) => seat.state === "DECLINED")}
      />
      <AdminUsersSection users={instanceUsers.nodes} />
      <AdminProvidersSection />
    </main>
  );
}

const LICENSE_STATE_NAMES: Record<EnterpriseLicense["state"], string> = {
  VALID: "Valid",
  MISSING: "Missing",
  INVALID: "Invalid",
  EXPIRED: "Expired",
};

function LicenseSection({ license }: { license: EnterpriseLicense }) {
  return (
    <section className={styles.section} aria-labelledby="license-title">
      <h2 id="license-title" className={styles.sectionTitle}>
        License
      </h2>
      {license.problem ? (
        <p className={styles.problem} role="alert">
          {license.problem} Until a valid license is installed, no one can open a workspace.
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>{LICENSE_STATE_NAMES[license.state]}</dd>
        {license.customer ? (
          <>
            <dt>Licensed to</dt>
            <dd>{license.customer}</dd>
          </>
        ) : null}
        <dt>Seats</dt>
        <dd>
          {license.seatLimit === null
            ? `${license.seatsApproved} given`
            : `${license.seatsApproved} of ${license.seatLimit} given`}
        </dd>
        <dt>Active in the last 30 days</dt>
        <dd>{license.activeSeatHoldersLast30Days}</dd>
        {license.expiresAt ? (
          <>
            <dt>Expires</dt>
            <dd>{new Date(license.expiresAt).toLocaleDateString(undefined, { dateStyle: "medium" })}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function SeatSection({ title, empty, seats }: { title: string; empty: string; seats: AdminSeat[] }) {
  const id = `seats-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {seats.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Requested</th>
              <th scope="col" aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {seats.map((seat) => (
              <SeatRow key={seat.id} seat={seat} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SeatRow({ seat }: { seat: AdminSeat }) {
  const approve = useDecideSeat("approveEnterpriseSeat");
  const decline = useDecideSeat("declineEnterpriseSeat");
  const who = seat.gantryUser?.name || seat.gantryUser?.email || "Someone";
  const busy = approve.isPending || decline.isPending;
  const failure = approve.error ?? decline.error;
  return (
    <tr>
      <td>
        {who}
        {seat.gantryUser?.name && seat.gantryUser.email ? (
          <div className={styles.muted}>{seat.gantryUser.email}</div>
        ) : null}
      </td>
      <td title={seat.requestedAt}>{formatRelativeDate(new Date(seat.requestedAt))}</td>
      <td>
        <div className={styles.actions}>
          {seat.state !== "APPROVED" ? (
            <Button
              variant="primary"
              disabled={busy}
              aria-label={`Approve ${who}`}
              onClick={() => approve.mutate({ enterpriseSeatId: seat.id })}
            >
              Approve
            </Button>
          ) : null}
          {seat.state !== "DECLINED" ? (
            <Button
              disabled={busy}
              aria-label={seat.state === "APPROVED" ? `Take back ${who}'s seat` : `Decline ${who}`}
              onClick={() => decline.mutate({ enterpriseSeatId: seat.id })}
            >
              {seat.state === "APPROVED" ? "Take back" : "Decline"}
            </Button>
          ) : null}
        </div>
        {failure ? (
          <p className={styles.problem} role="alert">
            {failure.message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
