import { formatRelativeDate } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./AnalyticsEventsPage.module.css";
import { useAnalyticsEvents } from "./use-analytics-events";

/** /admin/analytics: the event table, for the people who run the install (GANTRY_INSTANCE_ADMINS). */
export function AnalyticsEventsPage() {
  const { productName } = useRuntimeConfig();
  const [typed, setTyped] = useState("");
  const [event, setEvent] = useState<string | null>(null);
  const events = useAnalyticsEvents(event);
  const pages = events.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.nodes);

  const onFilter = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setEvent(typed.trim() || null);
  };

  if (events.error instanceof GraphQLRequestError && events.error.code === "FORBIDDEN") {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>Analytics events</h1>
        <p className={styles.muted}>Only the people who run this {productName} install can read analytics events.</p>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Analytics events</h1>
      <form className={styles.filter} onSubmit={onFilter}>
        <label htmlFor="analytics-event-filter">Event name</label>
        <input
          id="analytics-event-filter"
          className={styles.input}
          value={typed}
          onChange={(change) => setTyped(change.target.value)}
          placeholder="Any event"
        />
        <Button type="submit">Filter</Button>
      </form>
      {events.isPending ? <Loader label="Loading events" /> : null}
      {events.isError ? (
        <div role="alert">
          <p className={styles.muted}>The events could not be loaded: {events.error.message}</p>
          <Button onClick={() => void events.refetch()}>Try again</Button>
        </div>
      ) : null}
      {pages[0] ? <p className={styles.muted}>{pages[0].totalCount} events</p> : null}
      {rows.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">Person</th>
              <th scope="col">Properties</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td title={row.createdAt}>{formatRelativeDate(new Date(row.createdAt))}</td>
                <td>{row.event}</td>
                <td>{row.gantryUser.email ?? "—"}</td>
                <td>
                  <code className={styles.properties}>{JSON.stringify(row.properties)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {events.hasNextPage ? (
        <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </main>
  );
}
