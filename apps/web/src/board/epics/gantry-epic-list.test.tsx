import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider } from "../../shell/command-palette/command-registry";
import { layOutBoxes } from "../../test/browser-apis";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import { BoardPage } from "../BoardPage";

const counts = { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 };
const progress = (closed: number, total: number) => ({ closed, total });
const EPICS = [
  {
    id: "e1",
    title: "Onboarding",
    state: "OPEN",
    gantryIssueCountProgress: progress(2, 5),
    gantryIssueEstimateProgress: progress(3, 13),
  },
  {
    id: "e2",
    title: "Billing",
    state: "CLOSED",
    gantryIssueCountProgress: progress(0, 0),
    gantryIssueEstimateProgress: progress(0, 0),
  },
  {
    id: "e4",
    title: "Search",
    state: "IN_PROGRESS",
    gantryIssueCountProgress: progress(1, 4),
    gantryIssueEstimateProgress: progress(2, 8),
  },
];

function answers(permission: string, epics = EPICS): GraphQLHandler {
  return (call) => {
    switch (call.operation) {
      case "boardPipelines":
        return {
          data: {
            workspace: {
              id: "w1",
              name: "Launch",
              viewerPermission: permission,
              pipelines: [{ id: "p1", name: "New Issues", description: null, issueCounts: counts }],
            },
          },
        };
      case "boardGantryEpics":
        return { data: { workspace: { gantryEpics: { nodes: epics } } } };
      case "createGantryEpic":
        return {
          data: {
            createGantryEpic: {
              gantryEpic: { ...EPICS[1], id: "e3", title: String(call.variables.title), state: "OPEN" },
            },
          },
        };
      default:
        return { data: { searchIssuesByPipeline: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } };
    }
  };
}

function renderBoard(graphql: GraphQLHandler) {
  return renderWithGraphQL(
    <ToastProvider>
      <CommandRegistryProvider>
        <BoardPage />
      </CommandRegistryProvider>
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/board", entry: "/workspaces/w1/board", graphql },
  );
}

const pipelineReads = (calls: GraphQLCall[]) => calls.filter((call) => call.operation === "boardPipelineIssues");

describe("Gantry epic list", () => {
  layOutBoxes({ boxSize: 600, cardHeight: 92 });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("is off by default and turned on from the display options", async () => {
    const { calls } = renderBoard(answers("WRITE"));
    await screen.findByRole("region", { name: "New Issues" });
    expect(screen.queryByRole("complementary", { name: "Epics" })).toBeNull();
    expect(calls.some((call) => call.operation === "boardGantryEpics")).toBe(false);
    await userEvent.click(screen.getByText("Display"));
    await userEvent.click(screen.getByRole("checkbox", { name: "Epic list" }));
    expect(await screen.findByRole("complementary", { name: "Epics" })).toBeInTheDocument();
    expect(localStorage.getItem("showGantryEpicList")).toBe("true");
  });

  it("lists each epic with issues closed and points done, and narrows the board to a picked one", async () => {
    localStorage.setItem("showGantryEpicList", "true");
    const { calls } = renderBoard(answers("WRITE"));
    const list = await screen.findByRole("complementary", { name: "Epics" });
    const onboarding = await within(list).findByRole("button", { name: /Onboarding/ });
    expect(onboarding).toHaveTextContent("2/5 issues · 3/13 points");
    expect(within(onboarding).getByLabelText("40% of issues closed")).toHaveAttribute("value", "2");
    expect(within(list).getByRole("button", { name: /Billing/ })).toHaveTextContent("(closed)");
    expect(within(list).getByRole("button", { name: /Search/ })).toHaveTextContent("Search (in progress)");
    expect(within(list).getByRole("button", { name: /Onboarding/ })).not.toHaveTextContent("(");
    await vi.waitFor(() => expect(pipelineReads(calls).length).toBeGreaterThan(0));

    const before = pipelineReads(calls).length;
    await userEvent.click(onboarding);
    expect(onboarding).toHaveAttribute("aria-pressed", "true");
    await vi.waitFor(() => expect(pipelineReads(calls).length).toBeGreaterThan(before));
    expect(pipelineReads(calls).at(-1)?.variables).toMatchObject({ filters: { gantryEpics: { id: { in: ["e1"] } } } });

    await userEvent.click(onboarding);
    expect(onboarding).toHaveAttribute("aria-pressed", "false");
    await vi.waitFor(() =>
      expect(pipelineReads(calls).at(-1)?.variables).toMatchObject({ filters: { gantryEpics: { id: { in: [] } } } }),
    );
  });

  it("creates an epic from its title, refusing an empty one", async () => {
    localStorage.setItem("showGantryEpicList", "true");
    const { calls } = renderBoard(answers("WRITE", []));
    const list = await screen.findByRole("complementary", { name: "Epics" });
    expect(await within(list).findByText("No epics yet.")).toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "New epic" }));
    const title = within(list).getByLabelText("Epic title");
    expect(title).toHaveFocus();
    await userEvent.click(within(list).getByRole("button", { name: "Create epic" }));
    expect(within(list).getByRole("alert")).toHaveTextContent("An epic needs a title.");
    await userEvent.type(title, "  Search{Enter}");
    await vi.waitFor(() =>
      expect(calls.find((call) => call.operation === "createGantryEpic")?.variables).toEqual({
        workspaceId: "w1",
        title: "Search",
      }),
    );
    await vi.waitFor(() => expect(within(list).queryByLabelText("Epic title")).toBeNull());
    expect(calls.filter((call) => call.operation === "boardGantryEpics")).toHaveLength(2);
  });

  it("offers no New epic button to someone who can only read the board", async () => {
    localStorage.setItem("showGantryEpicList", "true");
    renderBoard(answers("READ"));
    const list = await screen.findByRole("complementary", { name: "Epics" });
    await within(list).findByRole("button", { name: /Onboarding/ });
    expect(within(list).queryByRole("button", { name: "New epic" })).toBeNull();
  });
});
