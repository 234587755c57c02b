import { workspacePath } from "../workspaces/paths";

export const REPORTS = [
  { key: "burndown", title: "Sprint burndown" },
  { key: "velocity", title: "Velocity" },
  { key: "cumulative-flow", title: "Cumulative flow" },
  { key: "control-chart", title: "Control chart" },
  { key: "release", title: "Release report" },
  { key: "epic", title: "Epic report" },
] as const;

export type ReportKey = (typeof REPORTS)[number]["key"];

export function reportsPath(workspaceId: string, report: ReportKey = "burndown"): string {
  return `${workspacePath(workspaceId)}/reports/${report}`;
}
