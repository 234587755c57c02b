import { formatNumber } from "@gantry/domain";
import { DownloadIcon } from "@primer/octicons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { Loader } from "../ui/Loader";
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
    <main className={styles.page}>
      <header className={styles.header}>
        <p className={styles.where}>
          <Link to={workspacePath(workspaceId)}>{name.data?.workspace.name ?? "Workspace"}</Link> · Reports
        </p>
        <h1 className={styles.title}>{current?.title ?? "Reports"}</h1>
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
      </header>
      {current ? (
        <Report key={current.key} report={current.key} workspaceId={workspaceId} />
      ) : (
        <p role="alert">There is no such report. Choose one above.</p>
      )}
    </main>
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
}) {
  const { state, table } = props;
  if (state.isError)
    return (
      <p role="alert" className={styles.error}>
        This report could not be loaded: {state.error?.message}
      </p>
    );
  if (state.isPending || !table) return <Loader label="Loading the report" delayMs={300} />;
  if (table.rows.length === 0) return <p className={styles.empty}>{props.empty}</p>;
  // A column of numbers (blanks included) reads right-aligned, header and all.
  const numeric = table.headers.map((_, column) => table.rows.some((row) => typeof row[column] === "number"));
  const align = (column: number) => (numeric[column] ? styles.number : undefined);
  return (
    <section className={styles.result} aria-label={props.title}>
      {props.chart}
      <div className={styles.tableHeader}>
        {props.summary ? <p className={styles.summary}>{props.summary}</p> : <span />}
        <Button onClick={() => downloadCsv(props.fileName, table)}>
          <DownloadIcon aria-hidden />
          Download CSV
        </Button>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label={`${props.title} numbers`}>
          <thead>
            <tr>
              {table.headers.map((header, column) => (
                <th key={header} scope="col" className={align(column)}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              // Rows are positional readings (a day, a sprint, a closed issue) without ids of their own.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={table.headers[column]} className={align(column)}>
                    {shown(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
  const id = useId();
  const options = usePickerOptions(props.kind, props.workspaceId, new Date());
  if (options.isError)
    return (
      <p role="alert" className={styles.error}>
        The choices could not be loaded: {options.error.message}
      </p>
    );
  if (!options.data) return <Loader label="Loading the choices" delayMs={300} />;
  if (options.data.options.length === 0) return <p className={styles.empty}>{props.none}</p>;
  return (
    <div className={styles.controls}>
      <label className={form.label} htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
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
    </div>
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
  const id = useId();
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
      <div className={styles.controls}>
        <label className={form.label} htmlFor={id}>
          Closed sprints
        </label>
        <select
          id={id}
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
      </div>
      <ReportResult
        title="Velocity"
        state={query}
        table={table}
        empty="No sprint has closed yet: velocity shows once one has."
        fileName="velocity.csv"
        chart={query.data ? <VelocityChart report={query.data} /> : null}
        summary={average === null ? null : `Average completed: ${pointsText(average)} per sprint`}
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
  const fromId = useId();
  const toId = useId();
  const controls = (
    <div className={styles.controls}>
      <label className={form.label} htmlFor={fromId}>
        From
      </label>
      <input
        id={fromId}
        className={form.input}
        type="date"
        value={from}
        max={to}
        onChange={(e) => setFrom(e.target.value)}
      />
      <label className={form.label} htmlFor={toId}>
        To
      </label>
      <input
        id={toId}
        className={form.input}
        type="date"
        value={to}
        min={from}
        onChange={(e) => setTo(e.target.value)}
      />
      {valid ? null : (
        <p role="alert" className={styles.error}>
          Choose a start date on or before the end date.
        </p>
      )}
    </div>
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
