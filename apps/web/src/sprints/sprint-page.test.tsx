import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { SprintPage, sprintBoardPath } from "./SprintPage";

const details = {
  id: "s1",
  name: "Sprint: Nov 23 – Dec 6, 2026",
  state: "OPEN",
  startAt: "2026-11-23T00:00:00Z",
  endAt: "2026-12-07T00:00:00Z",
  description: "Ship checkout",
  totalPoints: 21,
  completedPoints: 8,
  issueCount: 6,
  closedIssuesCount: 2,
  rollover: null as unknown,
};

function answers(permission: string, activeSprintId: string | null, saved: string[] = []): GraphQLHandler {
  return ({ operation, variables }) => {
    if (operation === "updateSprint") {
      saved.push(String(variables.description));
      details.description = String(variables.description);
      return { data: { updateSprint: { sprint: { id: "s1", description: variables.description } } } };
    }
    return {
      data: {
        workspace: {
          id: "w1",
          name: "Acme",
          viewerPermission: permission,
          activeSprint: activeSprintId ? { id: activeSprintId } : null,
          sprints: { nodes: [{ ...details }] },
        },
      },
    };
  };
}

const renderSprintPage = (handler: GraphQLHandler) =>
  renderWithGraphQL(<SprintPage />, {
    path: "/workspaces/:workspaceId/sprints/:sprintId",
    entry: "/workspaces/w1/sprints/s1",
    graphql: handler,
  });

describe("Sprint page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the dates, goal, scope and points committed against done, and the board for the current sprint", async () => {
    renderSprintPage(answers("READ", "s1"));
    expect(await screen.findByRole("heading", { name: details.name })).toBeInTheDocument();
    expect(screen.getByText("Current sprint")).toBeInTheDocument();
    expect(screen.getByText("Nov 23 – Dec 6, 2026")).toBeInTheDocument();
    expect(screen.getByText("Ship checkout")).toBeInTheDocument();
    expect(screen.getByText("6 issues")).toBeInTheDocument();
    expect(screen.getByText("21 points")).toBeInTheDocument();
    expect(screen.getByText("8 points")).toBeInTheDocument();
    expect(screen.getByText("· 38%")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show this sprint on the board" })).toHaveAttribute(
      "href",
      "/workspaces/w1/board?sprints%3Asettings=current_sprint",
    );
    expect(screen.queryByRole("button", { name: "Edit goal" })).toBeNull();
  });

  it("tells at a sprint's close what was carried over, what was filled and which Next issues did not fit", async () => {
    details.state = "CLOSED";
    details.rollover = {
      nextSprint: { id: "s2", name: "Sprint: Dec 7 – Dec 20, 2026" },
      carriedIssues: [{ id: "i1", number: 4, title: "Receipt emails" }],
      filledIssues: [{ id: "i2", number: 2, title: "Gift cards" }],
      unfittedIssues: [
        { id: "i3", number: 3, title: "Wish lists" },
        { id: "i4", number: 5, title: "Coupons" },
      ],
    };
    try {
      renderSprintPage(answers("READ", "s2"));
      const close = await screen.findByRole("region", { name: "At its close" });
      expect(within(close).getByRole("link", { name: "Sprint: Dec 7 – Dec 20, 2026" })).toHaveAttribute(
        "href",
        "/workspaces/w1/sprints/s2",
      );
      expect(within(close).getByRole("heading", { name: "Carried over: 1 issue" })).toBeInTheDocument();
      expect(within(close).getByText("#4 Receipt emails")).toBeInTheDocument();
      expect(within(close).getByRole("heading", { name: "Filled from the pipeline: 1 issue" })).toBeInTheDocument();
      expect(within(close).getByRole("heading", { name: "Did not fit: 2 issues" })).toBeInTheDocument();
      expect(
        within(close).getByText(/read “Next” for that sprint, but the carried-over work took their room/),
      ).toBeInTheDocument();
      expect(within(close).getByText("#5 Coupons")).toBeInTheDocument();
    } finally {
      details.state = "OPEN";
      details.rollover = null;
    }
  });

  it("links a sprint that is not running to the board narrowed to its id", () => {
    expect(sprintBoardPath("w1", "s9", false)).toBe("/workspaces/w1/board?sprints=s9");
  });

  it("lets an editor change the goal", async () => {
    const saved: string[] = [];
    const user = userEvent.setup();
    renderSprintPage(answers("WRITE", null, saved));
    await user.click(await screen.findByRole("button", { name: "Edit goal" }));
    const goal = screen.getByRole("textbox", { name: "Sprint goal" });
    await user.clear(goal);
    await user.type(goal, "Ship checkout on Safari");
    await user.click(screen.getByRole("button", { name: "Save goal" }));
    await waitFor(() => expect(saved).toEqual(["Ship checkout on Safari"]));
    const section = await screen.findByRole("region", { name: "Sprint goal" });
    expect(await within(section).findByText("Ship checkout on Safari")).toBeInTheDocument();
  });
});
