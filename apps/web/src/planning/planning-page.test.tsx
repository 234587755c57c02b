import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { PlanningPage } from "./PlanningPage";
import type { PlanningItem } from "./planning-slice";

const item = (
  id: string,
  number: number,
  parentId: string | null = null,
  hasMatchingChildren = false,
): PlanningItem => ({
  hasMatchingChildren,
  issue: {
    id,
    number,
    title: `Issue ${number}`,
    state: "OPEN",
    parentIssue: parentId ? { id: parentId } : null,
    repository: { name: "api" },
    estimate: null,
    assignees: [],
    issueCountProgress: null,
  },
});

const page = (nodes: PlanningItem[]) => ({
  data: {
    node: { searchStrategicIssues: { pageInfo: { hasNextPage: false, endCursor: null }, nodes } },
  },
});

function answers(top: PlanningItem[], options: { children?: PlanningItem[]; moveError?: string } = {}): GraphQLHandler {
  return ({ operation, variables }) => {
    if (operation === "planningOrganization")
      return { data: { node: { id: "o1", name: "Acme", workspaces: { nodes: [{ id: "w1", name: "Web" }] } } } };
    if (operation === "moveStrategicIssue")
      return options.moveError
        ? { errors: [{ message: options.moveError, extensions: { code: "FORBIDDEN" } }] }
        : { data: { moveStrategicIssue: { issue: { id: variables.input } } } };
    return page(variables.parentIssueId ? (options.children ?? []) : top);
  };
}

const renderPanel = (handler: GraphQLHandler) =>
  renderWithGraphQL(
    <ToastProvider>
      <PlanningPage />
    </ToastProvider>,
    { path: "/organizations/:organizationId/planning", entry: "/organizations/o1/planning", graphql: handler },
  );

const rowTitles = () =>
  within(screen.getByRole("tree"))
    .getAllByRole("treeitem")
    .map((row) => within(row).getByText(/^Issue/).textContent);

describe("Strategic planning panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the top level and loads a parent's sub-issues when it is first expanded", async () => {
    const { calls } = renderPanel(
      answers([item("a", 1, null, true), item("b", 2)], { children: [item("c", 3, "a"), item("d", 4, "a")] }),
    );
    expect(await screen.findByRole("heading", { name: "Strategic planning · Acme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Roadmap" }).getAttribute("href")).toMatch(
      /^\/organizations\/.+\/roadmap$/,
    );
    await waitFor(() => expect(rowTitles()).toEqual(["Issue 1", "Issue 2"]));
    expect(calls.filter((call) => call.variables.parentIssueId)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Expand #1" }));
    await waitFor(() => expect(rowTitles()).toEqual(["Issue 1", "Issue 3", "Issue 4", "Issue 2"]));
    expect(calls.filter((call) => call.variables.parentIssueId === "a")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Collapse #1" }));
    await userEvent.click(screen.getByRole("button", { name: "Expand #1" }));
    expect(calls.filter((call) => call.variables.parentIssueId === "a")).toHaveLength(1);
  });

  it("shows each row's sub-issue progress, points, assignee and state", async () => {
    const parent = item("a", 1, null, true);
    const planned: PlanningItem = {
      ...parent,
      issue: {
        ...parent.issue,
        estimate: { value: 8 },
        assignees: [
          { login: "mona", avatarUrl: null },
          { login: "hubot", avatarUrl: null },
        ],
        issueCountProgress: { closed: 1, total: 3 },
      },
    };
    const closed: PlanningItem = { ...item("b", 2), issue: { ...item("b", 2).issue, state: "CLOSED" } };
    renderPanel(answers([planned, closed]));
    await waitFor(() => expect(rowTitles()).toEqual(["Issue 1", "Issue 2"]));
    const [first, second] = within(screen.getByRole("tree")).getAllByRole("treeitem");
    expect(first).toHaveTextContent(/1\/3 done.*8 points.*mona \+1.*Open/);
    expect(second).toHaveTextContent(/Unassigned.*Closed/);
    expect(second).not.toHaveTextContent("points");
  });

  it("moves an issue with Alt+arrows at once and keeps it when the server agrees", async () => {
    const { calls } = renderPanel(
      answers([item("a", 1), item("b", 2), item("c", 3)], { children: [item("c", 3, "a")] }),
    );
    await waitFor(() => expect(rowTitles()).toEqual(["Issue 1", "Issue 2", "Issue 3"]));
    const second = screen.getAllByRole("treeitem")[1] as HTMLElement;
    second.focus();
    await userEvent.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(rowTitles()).toEqual(["Issue 2", "Issue 1", "Issue 3"]);
    await waitFor(() =>
      expect(calls.find((call) => call.operation === "moveStrategicIssue")?.variables.input).toEqual({
        gantryOrganizationId: "o1",
        issueId: "b",
        targetIssueId: "a",
        instruction: "REORDER_ABOVE",
      }),
    );
    await userEvent.keyboard("{Alt>}{ArrowRight}{/Alt}");
    expect(rowTitles()).toEqual(["Issue 2", "Issue 1", "Issue 3"]);
    const third = screen.getAllByRole("treeitem")[2] as HTMLElement;
    third.focus();
    await userEvent.keyboard("{Alt>}{ArrowRight}{/Alt}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Collapse #1" })).toBeInTheDocument());
    expect(rowTitles()).toEqual(["Issue 2", "Issue 1", "Issue 3"]);
    expect(screen.getAllByRole("treeitem")[2]).toHaveAttribute("aria-level", "2");
    await waitFor(() => expect(calls.filter((call) => call.variables.parentIssueId === "a")).toHaveLength(1));
  });

  it("puts a refused move back and says why", async () => {
    renderPanel(
      answers([item("a", 1), item("b", 2)], { moveError: "You do not have permission to do this in this workspace." }),
    );
    await waitFor(() => expect(rowTitles()).toEqual(["Issue 1", "Issue 2"]));
    (screen.getAllByRole("treeitem")[0] as HTMLElement).focus();
    await userEvent.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(
      await screen.findByText("The issue was put back: You do not have permission to do this in this workspace."),
    ).toBeInTheDocument();
    expect(rowTitles()).toEqual(["Issue 1", "Issue 2"]);
  });

  it("says when there is nothing to plan, and when nothing matches the filters", async () => {
    renderPanel(answers([]));
    expect(await screen.findByText("No issues to plan yet.")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("State"), "CLOSED");
    expect(await screen.findByText("No issues match these filters.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeInTheDocument();
  });
});
