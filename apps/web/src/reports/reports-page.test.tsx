import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ReportsPage } from "./ReportsPage";

const burndown = (sprintId: string) => ({
  sprint: { id: sprintId, name: sprintId === "s2" ? "Sprint 2" : "Sprint 1" },
  points: [
    { at: "2026-03-02T00:00:00.000Z", day: "2026-03-02", remainingPoints: 8, idealPoints: 8 },
    { at: "2026-03-03T00:00:00.000Z", day: "2026-03-02", remainingPoints: 11, idealPoints: 5.3333333 },
    { at: "2026-03-03T10:00:00.000Z", day: "2026-03-03", remainingPoints: 9, idealPoints: 2.6666667 },
    { at: "2026-03-05T00:00:00.000Z", day: "2026-03-04", remainingPoints: null, idealPoints: 0 },
  ],
});

const reports: Record<string, (variables: Record<string, unknown>) => unknown> = {
  reportBurndown: (variables) => ({ burndown: burndown(String(variables.sprintId)) }),
  reportVelocity: () => ({
    velocity: {
      sprints: [
        { sprint: { id: "s0", name: "Sprint 0" }, committedPoints: 13, completedPoints: 11 },
        { sprint: { id: "s1", name: "Sprint 1" }, committedPoints: 4, completedPoints: 1 },
      ],
      averageCompletedPoints: 6,
    },
  }),
  reportCumulativeFlow: () => ({
    cumulativeFlow: {
      pipelines: ["Backlog", "In Progress", "Closed"],
      days: [
        {
          day: "2026-03-01",
          counts: [
            { pipelineName: "Backlog", count: 3 },
            { pipelineName: "In Progress", count: 1 },
            { pipelineName: "Closed", count: 0 },
          ],
        },
      ],
    },
  }),
  reportControlChart: () => ({ controlChart: { issues: [] } }),
  reportRelease: () => ({
    release: {
      release: { id: "r1", title: "R1" },
      days: [{ day: "2026-03-02", totalPoints: 5, completedPoints: 3, totalIssues: 2, closedIssues: 1 }],
      remainingPoints: 2,
      velocity: 6,
      projectedCompletion: "2026-03-15",
    },
  }),
};

const handler: GraphQLHandler = ({ operation, variables }) => {
  if (operation === "reportWorkspace") return { data: { workspace: { id: "w1", name: "Acme" } } };
  if (operation === "reportSprints")
    return {
      data: {
        workspace: {
          id: "w1",
          activeSprint: { id: "s1" },
          sprints: {
            nodes: [
              { id: "s2", name: "Sprint 2", startAt: "2099-01-01T00:00:00Z" },
              { id: "s1", name: "Sprint 1", startAt: "2026-03-02T00:00:00Z" },
            ],
          },
        },
      },
    };
  if (operation === "reportReleases")
    return { data: { workspace: { id: "w1", releases: { nodes: [{ id: "r1", title: "R1" }] } } } };
  if (operation === "reportEpics") return { data: { workspace: { id: "w1", gantryEpics: { nodes: [] } } } };
  const answer = reports[operation];
  return answer ? { data: { workspace: { id: "w1", reports: answer(variables) } } } : { errors: [{ message: "?" }] };
};

const open = (report: string, graphql = handler) =>
  renderWithGraphQL(<ReportsPage />, {
    path: "/workspaces/:workspaceId/reports/:report",
    entry: `/workspaces/w1/reports/${report}`,
    graphql,
  });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) =>
      within(row)
        .getAllByRole(row.querySelector("th") ? "columnheader" : "cell")
        .map((c) => c.textContent),
    );

const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    if (blob) reader.readAsText(blob);
  });

describe("Reports page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the running sprint's burndown as a table of the chart's numbers, and another sprint when picked", async () => {
    const { calls } = open("burndown");
    expect(await screen.findByRole("heading", { name: "Sprint burndown" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sprint burndown" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("link", { name: "Acme" })).toHaveAttribute("href", "/workspaces/w1");
    const table = await screen.findByRole("table", { name: "Sprint burndown numbers" });
    expect(rowsOf(table)).toEqual([
      ["Day", "Remaining points", "Ideal points"],
      ["Start", "8", "8"],
      ["2026-03-02", "11", "5.33"],
      ["2026-03-03", "9", "2.67"],
      ["2026-03-04", "—", "0"],
    ]);
    expect(screen.getByRole("figure", { name: "Burndown chart" })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Sprint"), "Sprint 2");
    await waitFor(() =>
      expect(
        calls.filter((call) => call.operation === "reportBurndown").map((call) => call.variables.sprintId),
      ).toEqual(["s1", "s2"]),
    );
  });

  it("downloads the table as CSV", async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; these stand in for the test's length only.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return "blob:report";
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    open("velocity");
    await screen.findByRole("table", { name: "Velocity numbers" });
    expect(screen.getByText("Average completed: 6 points per sprint")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(click).toHaveBeenCalledOnce();
    expect(await textOf(blobs[0])).toBe(
      "Sprint,Committed points,Completed points\r\nSprint 0,13,11\r\nSprint 1,4,1\r\n",
    );
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("reads cumulative flow for the chosen days and refuses a range that ends before it starts", async () => {
    const { calls } = open("cumulative-flow");
    const table = await screen.findByRole("table", { name: "Cumulative flow numbers" });
    expect(rowsOf(table)).toEqual([
      ["Day", "Backlog", "In Progress", "Closed"],
      ["2026-03-01", "3", "1", "0"],
    ]);
    const asked = calls.filter((call) => call.operation === "reportCumulativeFlow").length;
    const from = screen.getByLabelText("From");
    await userEvent.clear(from);
    await userEvent.type(from, "2999-01-01");
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a start date on or before the end date.");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.operation === "reportCumulativeFlow")).toHaveLength(asked);
  });

  it("says so when no worked-on issue closed in the range", async () => {
    open("control-chart");
    expect(await screen.findByText("No issue that was worked on closed in this range.")).toBeInTheDocument();
  });

  it("shows cycle times in a unit a person reads, the table saying what the chart plots", async () => {
    const cycle = (issueNumber: number, days: number, closedAt: string) => ({
      issueId: `i${issueNumber}`,
      issueNumber,
      issueTitle: `Issue ${issueNumber}`,
      startedAt: "2026-03-02T10:00:00.000Z",
      closedAt,
      days,
      rollingAverageDays: days,
      rollingDeviationDays: 0,
    });
    const answer = (issues: ReturnType<typeof cycle>[]) => ({
      data: { workspace: { id: "w1", reports: { controlChart: { issues } } } },
    });
    // Two issues closed two and three minutes after they started.
    open("control-chart", ({ operation, variables }) =>
      operation === "reportControlChart"
        ? answer([cycle(1, 0.0014, "2026-03-02T10:02:00.000Z"), cycle(2, 0.00208, "2026-03-02T10:03:00.000Z")])
        : handler({ operation, variables }),
    );
    const table = await screen.findByRole("table", { name: "Control chart numbers" });
    expect(rowsOf(table)).toEqual([
      [
        "Issue",
        "Title",
        "Started",
        "Closed",
        "Cycle time (minutes)",
        "Rolling average (minutes)",
        "Rolling deviation (minutes)",
      ],
      ["#1", "Issue 1", "2026-03-02", "2026-03-02", "2.02", "2.02", "0"],
      ["#2", "Issue 2", "2026-03-02", "2026-03-02", "3", "3", "0"],
    ]);
  });

  it("shows a minutes-long cycle beside days-long ones as under 0.01 days, not 0", async () => {
    const cycle = (issueNumber: number, days: number) => ({
      issueId: `i${issueNumber}`,
      issueNumber,
      issueTitle: `Issue ${issueNumber}`,
      startedAt: "2026-03-02T10:00:00.000Z",
      closedAt: "2026-03-05T10:00:00.000Z",
      days,
      rollingAverageDays: days,
      rollingDeviationDays: 0,
    });
    open("control-chart", ({ operation, variables }) =>
      operation === "reportControlChart"
        ? { data: { workspace: { id: "w1", reports: { controlChart: { issues: [cycle(1, 0.0014), cycle(2, 3)] } } } } }
        : handler({ operation, variables }),
    );
    const table = await screen.findByRole("table", { name: "Control chart numbers" });
    expect(rowsOf(table).map((row) => row[4])).toEqual(["Cycle time (days)", "< 0.01", "3"]);
  });

  it("sorts the control chart's issues by a column, times by their exact length rather than as text", async () => {
    const cycle = (issueNumber: number, days: number) => ({
      issueId: `i${issueNumber}`,
      issueNumber,
      issueTitle: `Issue ${issueNumber}`,
      startedAt: "2026-03-02T10:00:00.000Z",
      closedAt: "2026-03-15T10:00:00.000Z",
      days,
      rollingAverageDays: days,
      rollingDeviationDays: 0,
    });
    const issues = [cycle(9, 1.5), cycle(10, 12), cycle(11, 1.25)];
    open("control-chart", ({ operation, variables }) =>
      operation === "reportControlChart"
        ? { data: { workspace: { id: "w1", reports: { controlChart: { issues } } } } }
        : handler({ operation, variables }),
    );
    const table = await screen.findByRole("table", { name: "Control chart numbers" });
    const column = (index: number) =>
      rowsOf(table)
        .slice(1)
        .map((row) => row[index]);
    expect(column(4)).toEqual(["1.5", "12", "1.25"]);
    const cycleTime = within(table).getByRole("columnheader", { name: "Cycle time (days)" });
    await userEvent.click(within(cycleTime).getByRole("button"));
    expect(column(4)).toEqual(["1.25", "1.5", "12"]);
    expect(cycleTime).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(within(cycleTime).getByRole("button"));
    expect(column(4)).toEqual(["12", "1.5", "1.25"]);
    // Issue numbers as numbers: #9 before #10.
    await userEvent.click(within(table).getByRole("button", { name: "Issue" }));
    expect(column(0)).toEqual(["#9", "#10", "#11"]);
  });

  it("has an empty state for a workspace without epics", async () => {
    open("epic");
    expect(await screen.findByText("This workspace has no epics yet.")).toBeInTheDocument();
  });

  it("shows a failed report's reason", async () => {
    open("velocity", ({ operation }) =>
      operation === "reportVelocity"
        ? { errors: [{ message: "Choose 1 to 20 sprints." }] }
        : handler({ operation, variables: {} }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This report could not be loaded: Choose 1 to 20 sprints.",
    );
  });

  it("says 1 point, not 1 points", async () => {
    open("release", ({ operation, variables }) => {
      if (operation !== "reportRelease") return handler({ operation, variables });
      const answer = reports.reportRelease?.(variables) as { release: Record<string, unknown> };
      const release = { ...answer.release, remainingPoints: 1, velocity: 1 };
      return { data: { workspace: { id: "w1", reports: { release } } } };
    });
    expect(
      await screen.findByText("Remaining: 1 point · velocity 1 point per sprint · projected completion 2026-03-15"),
    ).toBeInTheDocument();
  });

  it("projects a release's completion from the velocity", async () => {
    open("release");
    expect(
      await screen.findByText("Remaining: 2 points · velocity 6 points per sprint · projected completion 2026-03-15"),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Release report numbers" }))).toEqual([
      ["Day", "Scope (points)", "Completed points", "Issues", "Closed issues"],
      ["2026-03-02", "5", "3", "2", "1"],
    ]);
  });
});
