import { Button } from "../ui/Button";
import type { Column } from "../ui/data-table/DataTable";
import { EmptyState } from "../ui/EmptyState";
import { Panel } from "../ui/Panel";
import styles from "./AdminSeatsPage.module.css";
import { type InstanceUser, type SeatState, useGrantSeat } from "./api";
import { PersonCell, personName, SeatTable } from "./seat-tables";

const SEAT_NAMES: Record<SeatState, string> = { REQUESTED: "Requested", APPROVED: "Seat", DECLINED: "Declined" };

const USER_COLUMNS: Column<InstanceUser>[] = [
  { key: "person", header: "Person", width: "50%", cell: (user) => <PersonCell person={user.gantryUser} /> },
  {
    key: "seat",
    header: "Seat",
    cell: (user) => (user.enterpriseSeat ? SEAT_NAMES[user.enterpriseSeat.state] : "No seat"),
  },
];

/** Every account on the installation with its seat; an admin can give a seat to someone who has not asked. */
export function AdminUsersSection({ users }: { users: InstanceUser[] }) {
  return (
    <Panel title="Users">
      <SeatTable
        columns={USER_COLUMNS}
        rows={users}
        rowKey={(user) => user.gantryUser.id}
        empty={<EmptyState>No one has an account yet.</EmptyState>}
        rowActions={(user) => <GiveSeat user={user} />}
      />
    </Panel>
  );
}

function GiveSeat({ user }: { user: InstanceUser }) {
  const grant = useGrantSeat();
  const who = personName(user.gantryUser);
  return (
    <>
      {user.enterpriseSeat?.state !== "APPROVED" ? (
        <Button
          disabled={grant.isPending}
          aria-label={`Give ${who} a seat`}
          onClick={() => grant.mutate({ gantryUserId: user.gantryUser.id })}
        >
          Give a seat
        </Button>
      ) : null}
      {grant.error ? (
        <p className={styles.problem} role="alert">
          {grant.error.message}
        </p>
      ) : null}
    </>
  );
}
