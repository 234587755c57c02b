import { formatNumber } from "@gantry/domain";
import { DownloadIcon } from "@primer/octicons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import { Button } from "../ui/Button";
import { type Column, DataTable } from "../ui/data-table/DataTable";
import { EmptyState } from "../ui/EmptyState";
import { FormRow } from "../ui/FormRow";
import form from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import { Page, PageHeader } from "../ui/page/Page";
import { Toolbar } from "../ui/Toolbar";
import text from "../ui/text.module.css";
import { workspacePath } from "../workspaces/paths";
import { type CsvCell, downloadCsv, type ReportTable } from "./csv";
import { cycleTimeText, cycleTimeUnit } from "./cycle-time";
import { REPORTS, type ReportKey, reportsPath } from "./paths";
import {
  BurndownChart,
  burndownLabel,
  ControlChart,
  CumulativeFlowChart,
  dayOf,
  ProgressChart,
  VelocityChart,
} from "./ReportCharts";
import styles from "./Reports.module.css";
import { type EpicAnswer, type ProgressDay, type ReleaseAnswer, usePickerOptions, useReport } from "./reports-api";

const WORKSPACE_NAME = `query reportWorkspace($workspaceId: ID!) { workspace(id: $workspaceId) { id name } }`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Two decimals at most, the same in the table and its CSV. */
const round = (value: number) => Math.round(value * 100) / 100;
const shown = (cell: CsvCell) => (cell === null ? "—" : typeof cell === "number" ? formatNumber(cell) : cell);
const todayText = (now: Date) => dayOf(now.toISOString());
const daysBefore = (now: Date, days: number) => todayText(new Date(now.getTime() - days * DAY_MS));

/** /workspaces/:workspaceId/reports/:report: one report at a time, chosen from the reports' navigation. */
export function ReportsPage() {
  const { workspaceId = "", report = "burndown" } = useParams();
  const request = useGraphQL();
  const name = useQuery({
    queryKey: ["report-workspace", workspaceId],
    queryFn: () => request<{ workspace: { name: string } }>(WORKSPACE_NAME, { workspaceId }),
  });
  const current = REPORTS.find((candidate) => candidate.key === report);
  return (
    <Page width="medium">
      <PageHeader
        title={current?.title ?? "Reports"}
        breadcrumb={[
          { label: name.data?.workspace.name ?? "Workspace", to: workspacePath(workspaceId) },
          { label: "Reports", to: reportsPath(workspaceId) },
        ]}
      >
        <nav aria-label="Reports">
          <ul className={styles.tabs}>
            {REPORTS.map((entry) => (
              <li key={entry.key}>
                <Link
                  className={styles.tab}
                  to={reportsPath(workspaceId, entry.key)}
                  aria-current={entry.key === report ? "page" : undefined}
                >
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      {current ? (
        <Report key={current.key} report={current.key} workspaceId={workspaceId} />
      ) : (
        <p role="alert">There is no such report. Choose one above.</p>
      )}
    </Page>
  );
}

function Report({ report, workspaceId }: { report: ReportKey; workspaceId: string }) {
  switch (report) {
    case "burndown":
      return <BurndownReport workspaceId={workspaceId} />;
    case "velocity":
      return <VelocityReport workspaceId={workspaceId} />;
    case "cumulative-flow":
      return <CumulativeFlowReport workspaceId={workspaceId} />;
    case "control-chart":
      return <ControlChartReport workspaceId={workspaceId} />;
    case "release":
    case "epic":
      return <ProgressReport kind={report} workspaceId={workspaceId} />;
  }
}

interface QueryState {
  isError: boolean;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
}

/** A report's row: its cells as shown and exported, and what its columns sort by. */
interface TableRow {
  index: number;
  cells: readonly CsvCell[];
  sortBy: readonly CsvCell[];
}

/** Numbers by size and words in order; a blank (no reading) sorts after every value. */
function compareCells(a: CsvCell, b: CsvCell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** The loading, error and empty states every report shares, then its chart, summary, table and CSV export. */
function ReportResult(props: {
  title: string;
  state: QueryState;
  table: ReportTable | null;
  empty: string;
  fileName: string;
  chart: ReactNode;
  summary?: ReactNode;
  /**
   * Rows that are records (sprints, closed issues) sort by any column; a series of days reads in
   * order only. The values to sort by, row by row, where the cells shown are text ("< 0.01").
   */
  sortable?: { by?: CsvCell[][] };
}) {
  const { state, table } = props;
  if (state.isError)
    return (
      <LoadError error={state.error ?? new Error("unknown error")} onRetry={() => void state.refetch()}>
        This report could not be loaded
      </LoadError>
    );
  if (state.isPending || !table) return <Loader label="Loading the report" delayMs={300} />;
  if (table.rows.length === 0) return <EmptyState>{props.empty}</EmptyState>;
  const rows: TableRow[] = table.rows.map((cells, index) => ({
    index,
    cells,
    sortBy: props.sortable?.by?.[index] ?? cells,
  }));
  const columns: Column<TableRow>[] = table.headers.map((header, column) => ({
    key: header,
    header,
    cell: (row) => shown(row.cells[column] ?? null),
    // A column of numbers (blanks included) reads right-aligned, header and all.
    align: table.rows.some((row) => typeof row[column] === "number") ? "end" : "start",
    compare: props.sortable ? (a, b) => compareCells(a.sortBy[column] ?? null, b.sortBy[column] ?? null) : undefined,
  }));
  return (
    <section className={styles.result} aria-label={props.title}>
      {props.chart}
      <Toolbar className={styles.tableHeader}>
        {props.summary ? <p className={text.muted}>{props.summary}</p> : <span />}
        <Button onClick={() => downloadCsv(props.fileName, table)}>
          <DownloadIcon aria-hidden />
          Download CSV
        </Button>
      </Toolbar>
      <DataTable
        label={`${props.title} numbers`}
        columns={columns}
        rows={rows}
        // Rows are positional readings (a day, a sprint, a closed issue) without ids of their own.
        rowKey={(row) => String(row.index)}
        empty={null}
        maxHeight="420px"
        verticalAlign="middle"
      />
    </section>
  );
}

function Picker(props: {
  label: string;
  kind: "sprints" | "releases" | "epics";
  workspaceId: string;
  value: string | null;
  onChange: (id: string) => void;
  none: string;
}) {
  const options = usePickerOptions(props.kind, props.workspaceId, new Date());
  if (options.isError)
    return (
      <LoadError error={options.error} onRetry={() => void options.refetch()}>
        The choices could not be loaded
      </LoadError>
    );
  if (!options.data) return <Loader label="Loading the choices" delayMs={300} />;
  if (options.data.options.length === 0) return <EmptyState>{props.none}</EmptyState>;
  return (
    <Toolbar>
      <FormRow label={props.label} layout="inline">
        {(control) => (
          <select
            {...control}
            className={form.select}
            value={props.value ?? ""}
            onChange={(event) => props.onChange(event.target.value)}
          >
            {options.data.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormRow>
    </Toolbar>
  );
}

/** The chosen id, or the picker's first choice until someone picks. */
function usePicked(kind: "sprints" | "releases" | "epics", workspaceId: string) {
  const [picked, setPicked] = useState<string | null>(null);
  const options = usePickerOptions(kind, workspaceId, new Date());
  return { setPicked, id: picked ?? options.data?.initial ?? null };
}

function BurndownReport({ workspaceId }: { workspaceId: string }) {
  const { setPicked, id } = usePicked("sprints", workspaceId);
  const query = useReport("burndown", workspaceId, { sprintId: id }, id !== null);
  const table: ReportTable | null = query.data
    ? {
        headers: ["Day", "Remaining points", "Ideal points"],
        rows: query.data.points.map((point, index) => [
          burndownLabel(point, index),
          point.remainingPoints === null ? null : round(point.remainingPoints),
          round(point.idealPoints),
        ]),
      }
    : null;
  return (
    <>
      <Picker
        label="Sprint"
        kind="sprints"
        workspaceId={workspaceId}
        value={id}
        onChange={setPicked}
        none="This workspace has no sprints yet. Set up sprints on the board to see a burndown."
      />
      {id ? (
        <ReportResult
          title="Sprint burndown"
          state={query}
          table={table}
          empty="This sprint has no readings."
          fileName="sprint-burndown.csv"
          chart={query.data ? <BurndownChart report={query.data} /> : null}
        />
      ) : null}
    </>
  );
}

const SPRINT_COUNTS = [3, 6, 12];

function VelocityReport({ workspaceId }: { workspaceId: string }) {
  const [count, setCount] = useState(6);
  const query = useReport("velocity", workspaceId, { sprintCount: count });
  const table: ReportTable | null = query.data
    ? {
        headers: ["Sprint", "Committed points", "Completed points"],
        rows: query.data.sprints.map((row) => [
          row.sprint.name,
          round(row.committedPoints),
          round(row.completedPoints),
        ]),
      }
    : null;
  const average = query.data?.averageCompletedPoints ?? null;
  return (
    <>
      <Toolbar>
        <FormRow label="Closed sprints" layout="inline">
          {(control) => (
            <select
              {...control}
              className={form.select}
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
            >
              {SPRINT_COUNTS.map((value) => (
                <option key={value} value={value}>
                  Last {value}
                </option>
              ))}
            </select>
          )}
        </FormRow>
      </Toolbar>
      <ReportResult
        title="Velocity"
        state={query}
        table={table}
        empty="No sprint has closed yet: velocity shows once one has."
        fileName="velocity.csv"
        chart={query.data ? <VelocityChart report={query.data} /> : null}
        summary={average === null ? null : `Average completed: ${pointsText(average)} per sprint`}
        sortable={{}}
      />
    </>
  );
}

/** From and to days, checked in order before anything is asked. */
function useDayRange(days: number) {
  const now = new Date();
  const [from, setFrom] = useState(daysBefore(now, days - 1));
  const [to, setTo] = useState(todayText(now));
  const valid = from !== "" && to !== "" && from <= to;
  const controls = (
    <Toolbar>
      <FormRow label="From" layout="inline">
        {(control) => (
          <input
            {...control}
            className={form.input}
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
          />
        )}
      </FormRow>
      <FormRow label="To" layout="inline">
        {(control) => (
          <input
            {...control}
            className={form.input}
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
        )}
      </FormRow>
      {valid ? null : (
        <p role="alert" className={form.error}>
          Choose a start date on or before the end date.
        </p>
      )}
    </Toolbar>
  );
  return { from, to, valid, controls };
}

function CumulativeFlowReport({ workspaceId }: { workspaceId: string }) {
  const range = useDayRange(30);
  const query = useReport("cumulativeFlow", workspaceId, { from: range.from, to: range.to }, range.valid);
  const table: ReportTable | null = query.data
    ? {
        headers: ["Day", ...query.data.pipelines],
        rows: query.data.days.map((day) => [day.day, ...day.counts.map((count) => count.count)]),
      }
    : null;
  return (
    <>
      {range.controls}
      {range.valid ? (
        <ReportResult
          title="Cumulative flow"
          state={query}
          table={table}
          empty="No days in this range."
          fileName="cumulative-flow.csv"
          chart={query.data ? <CumulativeFlowChart report={query.data} /> : null}
        />
      ) : null}
    </>
  );
}

function ControlChartReport({ workspaceId }: { workspaceId: string }) {
  const range = useDayRange(90);
  const query = useReport("controlChart", workspaceId, { from: range.from, to: range.to }, range.valid);
  const unit = cycleTimeUnit(Math.max(0, ...(query.data?.issues ?? []).map((entry) => entry.days)));
  const inUnit = (days: number) => cycleTimeText(days * unit.perDay);
  const table: ReportTable | null = query.data
    ? {
        headers: [
          "Issue",
          "Title",
          "Started",
          "Closed",
          `Cycle time (${unit.name})`,
          `Rolling average (${unit.name})`,
          `Rolling deviation (${unit.name})`,
        ],
        rows: query.data.issues.map((entry) => [
          `#${entry.issueNumber}`,
          entry.issueTitle,
          dayOf(entry.startedAt),
          dayOf(entry.closedAt),
          inUnit(entry.days),
          inUnit(entry.rollingAverageDays),
          inUnit(entry.rollingDeviationDays),
        ]),
      }
    : null;
  return (
    <>
      {range.controls}
      {range.valid ? (
        <ReportResult
          title="Control chart"
          state={query}
          table={table}
          empty="No issue that was worked on closed in this range."
          fileName="control-chart.csv"
          chart={query.data ? <ControlChart report={query.data} unit={unit} /> : null}
          // The times are shown rounded ("< 0.01"); they sort by the exact days, issues by number.
          sortable={{
            by: (query.data?.issues ?? []).map((entry) => [
              entry.issueNumber,
              entry.issueTitle,
              entry.startedAt,
              entry.closedAt,
              entry.days,
              entry.rollingAverageDays,
              entry.rollingDeviationDays,
            ]),
          }}
        />
      ) : null}
    </>
  );
}

const progressTable = (days: ProgressDay[]): ReportTable => ({
  headers: ["Day", "Scope (points)", "Completed points", "Issues", "Closed issues"],
  rows: days.map((day) => [
    day.day,
    round(day.totalPoints),
    round(day.completedPoints),
    day.totalIssues,
    day.closedIssues,
  ]),
});

/** What differs between the release report and the epic report: both show scope and progress over time. */
const PROGRESS_REPORTS = {
  release: {
    picker: "releases",
    label: "Release",
    idVariable: "releaseId",
    title: "Release report",
    none: "This workspace has no releases yet.",
    empty: "This release has no days to show yet.",
    fileName: "release-report.csv",
    chartLabel: "Release scope and progress chart",
  },
  epic: {
    picker: "epics",
    label: "Epic",
    idVariable: "epicId",
    title: "Epic report",
    none: "This workspace has no epics yet.",
    empty: "This epic has no days to show yet.",
    fileName: "epic-report.csv",
    chartLabel: "Epic progress chart",
  },
} as const;

/** "1 point", "2.5 points": the summaries' counts read as sentences. */
const pointsText = (value: number) => `${formatNumber(value)} ${value === 1 ? "point" : "points"}`;

/** Remaining points, velocity and projected completion: a release's answer only. */
function releaseSummary(data: ReleaseAnswer | EpicAnswer) {
  if (!("remainingPoints" in data)) return null;
  return [
    `Remaining: ${pointsText(data.remainingPoints)}`,
    data.velocity === null ? null : `velocity ${pointsText(data.velocity)} per sprint`,
    data.projectedCompletion
      ? `projected completion ${data.projectedCompletion}`
      : "no projected completion until a sprint has closed",
  ]
    .filter(Boolean)
    .join(" · ");
}

function ProgressReport({ kind, workspaceId }: { kind: keyof typeof PROGRESS_REPORTS; workspaceId: string }) {
  const config = PROGRESS_REPORTS[kind];
  const { setPicked, id } = usePicked(config.picker, workspaceId);
  const query = useReport(kind, workspaceId, { [config.idVariable]: id }, id !== null);
  const data = query.data;
  return (
    <>
      <Picker
        label={config.label}
        kind={config.picker}
        workspaceId={workspaceId}
        value={id}
        onChange={setPicked}
        none={config.none}
      />
      {id ? (
        <ReportResult
          title={config.title}
          state={query}
          table={data ? progressTable(data.days) : null}
          empty={config.empty}
          fileName={config.fileName}
          chart={data ? <ProgressChart days={data.days} label={config.chartLabel} /> : null}
          summary={data ? releaseSummary(data) : null}
        />
      ) : null}
    </>
  );
}
