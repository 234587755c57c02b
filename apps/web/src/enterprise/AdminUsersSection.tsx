import { Button } from "../ui/Button";
import styles from "./AdminSeatsPage.module.css";
import { type InstanceUser, type SeatState, useGrantSeat } from "./api";

const SEAT_NAMES: Record<SeatState, string> = { REQUESTED: "Requested", APPROVED: "Seat", DECLINED: "Declined" };

/** Every account on the installation with its seat; an admin can give a seat to someone who has not asked. */
export function AdminUsersSection({ users }: { users: InstanceUser[] }) {
  return (
    <section className={styles.section} aria-labelledby="users-title">
      <h2 id="users-title" className={styles.sectionTitle}>
        Users
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Seat</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.gantryUser.id} user={user} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function UserRow({ user }: { user: InstanceUser }) {
  const grant = useGrantSeat();
  const who = user.gantryUser.name || user.gantryUser.email || "Someone";
  const state = user.enterpriseSeat?.state;
  return (
    <tr>
      <td>
        {who}
        {user.gantryUser.name && user.gantryUser.email ? (
          <div className={styles.muted}>{user.gantryUser.email}</div>
        ) : null}
      </td>
      <td>{state ? SEAT_NAMES[state] : "No seat"}</td>
      <td>
        {state !== "APPROVED" ? (
          <div className={styles.actions}>
            <Button
              disabled={grant.isPending}
              aria-label={`Give ${who} a seat`}
              onClick={() => grant.mutate({ gantryUserId: user.gantryUser.id })}
            >
              Give a seat
            </Button>
          </div>
        ) : null}
        {grant.error ? (
          <p className={styles.problem} role="alert">
            {grant.error.message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
