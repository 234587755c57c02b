import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { type CycleTimeUnit, cycleTimeText, dayTicks } from "./cycle-time";
import type {
  BurndownAnswer,
  ControlChartAnswer,
  CumulativeFlowAnswer,
  ProgressDay,
  VelocityAnswer,
} from "./reports-api";

/* Colours are @primer/primitives variables, so the charts follow the light and dark themes. */
const COLOURS = {
  axis: "var(--fgColor-muted)",
  grid: "var(--borderColor-muted)",
  main: "var(--data-blue-color-emphasis)",
  done: "var(--data-green-color-emphasis)",
  guide: "var(--data-gray-color-emphasis)",
  average: "var(--data-orange-color-emphasis)",
};
const SERIES = ["blue", "purple", "pink", "orange", "lemon", "teal", "coral", "pine", "plum", "auburn"].map(
  (name) => `var(--data-${name}-color-emphasis)`,
);
const tick = { fill: COLOURS.axis, fontSize: 12 };
const tooltip = {
  contentStyle: {
    background: "var(--overlay-bgColor, var(--bgColor-default))",
    border: "1px solid var(--borderColor-default)",
    color: "var(--fgColor-default)",
  },
  labelStyle: { color: "var(--fgColor-default)" },
};
/** Legend entries in the given order (Recharts sorts them by name otherwise). */
const legend = (order: readonly string[]) => ({
  wrapperStyle: { color: "var(--fgColor-default)" },
  itemSorter: (item: { value?: unknown }) => order.indexOf(String(item.value)),
});
const HEIGHT = 320;

export const dayOf = (iso: string) => iso.slice(0, 10);

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <figure aria-label={label} style={{ margin: 0, width: "100%", height: HEIGHT }}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

/** The burndown's first reading is the sprint's start, the commitment; the others are its days. */
export const burndownLabel = (point: BurndownAnswer["points"][number], index: number) =>
  index === 0 ? "Start" : point.day;

export function BurndownChart({ report }: { report: BurndownAnswer }) {
  const data = report.points.map((point, index) => ({
    day: burndownLabel(point, index),
    remaining: point.remainingPoints,
    ideal: point.idealPoints,
  }));
  return (
    <Frame label="Burndown chart">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="day" tick={tick} stroke={COLOURS.grid} />
        <YAxis tick={tick} stroke={COLOURS.grid} allowDecimals={false} />
        <Tooltip {...tooltip} />
        <Legend {...legend(["Remaining points", "Ideal"])} />
        <Line name="Ideal" dataKey="ideal" stroke={COLOURS.guide} strokeDasharray="6 4" dot={false} />
        <Line name="Remaining points" dataKey="remaining" stroke={COLOURS.main} strokeWidth={2} />
      </LineChart>
    </Frame>
  );
}

export function VelocityChart({ report }: { report: VelocityAnswer }) {
  const data = report.sprints.map((row) => ({
    sprint: row.sprint.name,
    committed: row.committedPoints,
    completed: row.completedPoints,
  }));
  return (
    <Frame label="Velocity chart">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="sprint" tick={tick} stroke={COLOURS.grid} />
        <YAxis tick={tick} stroke={COLOURS.grid} allowDecimals={false} />
        <Tooltip {...tooltip} cursor={{ fill: "var(--bgColor-neutral-muted)" }} />
        <Legend {...legend(["Committed", "Completed"])} />
        <Bar name="Committed" dataKey="committed" fill={COLOURS.guide} />
        <Bar name="Completed" dataKey="completed" fill={COLOURS.done} />
        {report.averageCompletedPoints !== null ? (
          <ReferenceLine
            y={report.averageCompletedPoints}
            stroke={COLOURS.average}
            strokeDasharray="6 4"
            label={{ value: "Average", fill: COLOURS.average, position: "insideTopRight" }}
          />
        ) : null}
      </BarChart>
    </Frame>
  );
}

export function CumulativeFlowChart({ report }: { report: CumulativeFlowAnswer }) {
  const data = report.days.map((day) => ({
    day: day.day,
    ...Object.fromEntries(day.counts.map((count) => [count.pipelineName, count.count])),
  }));
  // Done work at the bottom, as cumulative flow is read: Closed first, then the board from its end.
  const stacked = [...report.pipelines].reverse();
  return (
    <Frame label="Cumulative flow chart">
      <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="day" tick={tick} stroke={COLOURS.grid} />
        <YAxis tick={tick} stroke={COLOURS.grid} allowDecimals={false} />
        <Tooltip {...tooltip} />
        <Legend {...legend(report.pipelines)} />
        {stacked.map((name) => {
          const colour = name === "Closed" ? COLOURS.done : SERIES[report.pipelines.indexOf(name) % SERIES.length];
          return (
            <Area
              key={name}
              name={name}
              dataKey={name}
              stackId="flow"
              stroke={colour}
              fill={colour}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          );
        })}
      </AreaChart>
    </Frame>
  );
}

/** The control chart's times, in the unit of cycleTimeUnit (a minutes-long cycle is not ".00105 d"). */
export function ControlChart({ report, unit }: { report: ControlChartAnswer; unit: CycleTimeUnit }) {
  const data = report.issues.map((entry) => ({
    closed: Date.parse(entry.closedAt),
    time: entry.days * unit.perDay,
    average: entry.rollingAverageDays * unit.perDay,
    upper: (entry.rollingAverageDays + entry.rollingDeviationDays) * unit.perDay,
    lower: Math.max(0, entry.rollingAverageDays - entry.rollingDeviationDays) * unit.perDay,
    issue: `#${entry.issueNumber}`,
  }));
  const closings = data.map((entry) => entry.closed);
  const axis = dayTicks(Math.min(...closings), Math.max(...closings));
  const cycleName = `Cycle time (${unit.name})`;
  return (
    <Frame label="Control chart">
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" />
        <XAxis
          dataKey="closed"
          type="number"
          scale="time"
          domain={axis.domain}
          ticks={axis.ticks}
          tickFormatter={(value: number) => new Date(value).toISOString().slice(0, 10)}
          tick={tick}
          stroke={COLOURS.grid}
        />
        <YAxis
          tick={tick}
          stroke={COLOURS.grid}
          width={72}
          tickFormatter={(value: number) => `${cycleTimeText(value)} ${unit.short}`}
        />
        <Tooltip
          {...tooltip}
          labelFormatter={(value) => `Closed ${new Date(Number(value)).toISOString().slice(0, 16).replace("T", " ")}`}
          formatter={(value) => (typeof value === "number" ? `${cycleTimeText(value)} ${unit.name}` : String(value))}
        />
        <Legend {...legend([cycleName, "Rolling average", "Average ± deviation"])} />
        <Scatter name={cycleName} dataKey="time" fill={COLOURS.main} />
        <Line name="Rolling average" dataKey="average" stroke={COLOURS.average} dot={false} strokeWidth={2} />
        <Line name="Average ± deviation" dataKey="upper" stroke={COLOURS.guide} strokeDasharray="4 4" dot={false} />
        <Line
          legendType="none"
          name="Average − deviation"
          dataKey="lower"
          stroke={COLOURS.guide}
          strokeDasharray="4 4"
          dot={false}
        />
      </ComposedChart>
    </Frame>
  );
}

export function ProgressChart({ days, label }: { days: ProgressDay[]; label: string }) {
  return (
    <Frame label={label}>
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="day" tick={tick} stroke={COLOURS.grid} />
        <YAxis tick={tick} stroke={COLOURS.grid} allowDecimals={false} />
        <Tooltip {...tooltip} />
        <Legend {...legend(["Scope (points)", "Completed (points)"])} />
        <Line name="Scope (points)" dataKey="totalPoints" stroke={COLOURS.main} strokeWidth={2} dot={false} />
        <Line name="Completed (points)" dataKey="completedPoints" stroke={COLOURS.done} strokeWidth={2} dot={false} />
      </LineChart>
    </Frame>
  );
}
