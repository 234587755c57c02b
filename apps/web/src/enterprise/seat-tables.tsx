import { DataTable } from "../ui/data-table/DataTable";
import text from "../ui/text.module.css";

interface Person {
  name: string | null;
  email: string | null;
}

/** How the admin tables name an account: by name, else email; the email under a name. */
export function personName(person: Person | null | undefined): string {
  return person?.name || person?.email || "Someone";
}

export function PersonCell({ person }: { person: Person | null | undefined }) {
  return (
    <>
      {personName(person)}
      {person?.name && person.email ? <div className={text.muted}>{person.email}</div> : null}
    </>
  );
}

/** The seat tables share their fixed columns, so the three line up with the users table. */
export function SeatTable<Row>(props: Parameters<typeof DataTable<Row>>[0]) {
  return <DataTable layout="fixed" verticalAlign="middle" size="medium" {...props} />;
}
