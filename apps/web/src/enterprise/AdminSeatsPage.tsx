import { formatRelativeDate } from "@gantry/domain";
import { Link } from "react-router";
import { GraphQLRequestError } from "../api/graphql";
import { useRuntimeConfig } from "../app/runtime-config";
import { ADMIN_AUDIT_LOG_PATH } from "../audit/paths";
import { Button } from "../ui/Button";
import type { Column } from "../ui/data-table/DataTable";
import { EmptyState } from "../ui/EmptyState";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import { Panel } from "../ui/Panel";
import { Page, PageHeader } from "../ui/page/Page";
import { StatusLabel, type StatusTone } from "../ui/StatusLabel";
import text from "../ui/text.module.css";
import { AdminProvidersSection } from "./AdminProvidersSection";
import styles from "./AdminSeatsPage.module.css";
import { AdminUsersSection } from "./AdminUsersSection";
import { type AdminSeat, type EnterpriseLicense, useAdminSeats, useDecideSeat } from "./api";
import { PersonCell, personName, SeatTable } from "./seat-tables";

/**
 * /admin/seats: the instance's license, its seat requests and seats, and every account, where
 * instance admins approve, decline, take back and give seats.
 */
export function AdminSeatsPage() {
  const { productName } = useRuntimeConfig();
  const query = useAdminSeats();

  if (query.error instanceof GraphQLRequestError && query.error.code === "FORBIDDEN") {
    return (
      <Page width="medium">
        <PageHeader title="License and seats" />
        <p className={text.muted}>Only the people who run this {productName} installation can manage seats.</p>
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page width="medium">
        <LoadError error={query.error} onRetry={() => void query.refetch()}>
          The seats could not be loaded
        </LoadError>
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page width="medium">
        <Loader label="Loading seats" />
      </Page>
    );
  }
  const { enterpriseLicense: license, enterpriseSeats, instanceUsers } = query.data;
  if (!license) {
    return (
      <Page width="medium">
        <PageHeader title="License and seats" />
        <p className={text.muted}>This installation runs the cloud edition: it has no seats to manage.</p>
        <Link to={ADMIN_AUDIT_LOG_PATH}>Audit log</Link>
      </Page>
    );
  }
  const seats = enterpriseSeats.nodes;
  return (
    <Page width="medium">
      <PageHeader title="License and seats" />
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
    </Page>
  );
}

const LICENSE_STATES: Record<EnterpriseLicense["state"], { name: string; tone: StatusTone }> = {
  VALID: { name: "Valid", tone: "success" },
  MISSING: { name: "Missing", tone: "attention" },
  INVALID: { name: "Invalid", tone: "danger" },
  EXPIRED: { name: "Expired", tone: "danger" },
};

function LicenseSection({ license }: { license: EnterpriseLicense }) {
  return (
    <Panel title="License">
      {license.problem ? (
        <p className={styles.problem} role="alert">
          {license.problem} Until a valid license is installed, no one can open a workspace.
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>
          <StatusLabel tone={LICENSE_STATES[license.state].tone}>{LICENSE_STATES[license.state].name}</StatusLabel>
        </dd>
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
    </Panel>
  );
}

const SEAT_COLUMNS: Column<AdminSeat>[] = [
  { key: "person", header: "Person", width: "50%", cell: (seat) => <PersonCell person={seat.gantryUser} /> },
  {
    key: "requested",
    header: "Requested",
    title: (seat) => seat.requestedAt,
    cell: (seat) => formatRelativeDate(new Date(seat.requestedAt)),
  },
];

function SeatSection({ title, empty, seats }: { title: string; empty: string; seats: AdminSeat[] }) {
  return (
    <Panel title={title}>
      <SeatTable
        columns={SEAT_COLUMNS}
        rows={seats}
        rowKey={(seat) => seat.id}
        empty={<EmptyState>{empty}</EmptyState>}
        rowActions={(seat) => <SeatActions seat={seat} />}
      />
    </Panel>
  );
}

function SeatActions({ seat }: { seat: AdminSeat }) {
  const approve = useDecideSeat("approveEnterpriseSeat");
  const decline = useDecideSeat("declineEnterpriseSeat");
  const who = personName(seat.gantryUser);
  const busy = approve.isPending || decline.isPending;
  const failure = approve.error ?? decline.error;
  return (
    <>
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
      {failure ? (
        <p className={styles.problem} role="alert">
          {failure.message}
        </p>
      ) : null}
    </>
  );
}
