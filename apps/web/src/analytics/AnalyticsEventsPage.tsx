import { formatRelativeDate } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import { type Column, DataTable } from "../ui/data-table/DataTable";
import { LoadMore } from "../ui/data-table/LoadMore";
import { EmptyState } from "../ui/EmptyState";
import { FormRow } from "../ui/FormRow";
import form from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Page, PageHeader } from "../ui/page/Page";
import { Toolbar } from "../ui/Toolbar";
import text from "../ui/text.module.css";
import { type AnalyticsEventRow, useAnalyticsEvents } from "./use-analytics-events";

const COLUMNS: Column<AnalyticsEventRow>[] = [
  {
    key: "when",
    header: "When",
    title: (row) => row.createdAt,
    cell: (row) => formatRelativeDate(new Date(row.createdAt)),
  },
  { key: "event", header: "Event", cell: (row) => row.event },
  { key: "person", header: "Person", cell: (row) => row.gantryUser.email ?? "—" },
  {
    key: "properties",
    header: "Properties",
    cell: (row) => <code className={text.mono}>{JSON.stringify(row.properties)}</code>,
  },
];

/** /admin/analytics: the event table, for the people who run the install (GANTRY_INSTANCE_ADMINS). */
export function AnalyticsEventsPage() {
  const { productName } = useRuntimeConfig();
  const [typed, setTyped] = useState("");
  const [event, setEvent] = useState<string | null>(null);
  const events = useAnalyticsEvents(event);
  const pages = events.data?.pages;

  const onFilter = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setEvent(typed.trim() || null);
  };

  if (events.error instanceof GraphQLRequestError && events.error.code === "FORBIDDEN") {
    return (
      <Page width="wide">
        <PageHeader title="Analytics events" />
        <p className={text.muted}>Only the people who run this {productName} install can read analytics events.</p>
      </Page>
    );
  }

  return (
    <Page width="wide">
      <PageHeader title="Analytics events" />
      <Toolbar onSubmit={onFilter}>
        <FormRow label="Event name" layout="inline">
          {(control) => (
            <input
              {...control}
              className={form.input}
              value={typed}
              onChange={(change) => setTyped(change.target.value)}
              placeholder="Any event"
            />
          )}
        </FormRow>
        <Button type="submit">Filter</Button>
        {pages?.[0] ? <span className={text.muted}>{pages[0].totalCount} events</span> : null}
      </Toolbar>
      {events.isError ? (
        <LoadError error={events.error} onRetry={() => void events.refetch()}>
          The events could not be loaded
        </LoadError>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={pages?.flatMap((page) => page.nodes)}
          rowKey={(row) => row.id}
          loadingLabel="Loading events"
          empty={<EmptyState>{event ? `No “${event}” events recorded.` : "No events recorded yet."}</EmptyState>}
        />
      )}
      <LoadMore pages={events} />
    </Page>
  );
}
