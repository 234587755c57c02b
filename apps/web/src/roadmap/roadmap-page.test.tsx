import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { KEY_COMMIT_DELAY_MS } from "./RoadmapBar";
import { OrganizationRoadmapPage, RoadmapPage } from "./RoadmapPage";

const progress = (closed: number, total: number) => ({ closed, total });
const EPIC = {
  __typename: "GantryEpic",
  id: "e1",
  title: "Checkout",
  epicState: "OPEN",
  startOn: "2026-11-21",
  endOn: "2026-12-04",
  gantryIssueCountProgress: progress(1, 4),
  gantryIssueEstimateProgress: progress(3, 13),
};
const RELEASE = {
  __typename: "Release",
  id: "r1",
  title: "v2",
  releaseState: "OPEN",
  startOn: "2026-11-01",
  endOn: "2026-11-20",
  issueCountProgress: progress(2, 2),
  issueEstimateProgress: progress(5, 5),
};
const UNDATED = { ...EPIC, id: "e2", title: "Accessibility", startOn: null, endOn: null };
const GITHUB_EPIC = {
  __typename: "Epic",
  id: "g1",
  issue: { title: "Payments", state: "OPEN" },
  startOn: "2026-11-24",
  endOn: "2026-12-10",
  issueCountProgress: progress(0, 2),
  issueEstimateProgress: progress(0, 8),
};

function answers(permission = "WRITE", items: object[] = [RELEASE, EPIC, UNDATED]): GraphQLHandler {
  return (call) => {
    if (call.operation === "roadmap") {
      const types = (call.variables.types as string[] | undefined) ?? [];
      const epicIds = (call.variables.gantryEpicIds as string[] | undefined) ?? [];
      const shown = items.filter((item) => {
        const node = item as { __typename: string; id: string };
        const type = node.__typename === "GantryEpic" ? "GANTRY_EPIC" : "RELEASE";
        if (types.length && !types.includes(type)) return false;
        return epicIds.length === 0 || epicIds.includes(node.id);
      });
      const workspace = { id: "w1", name: "Launch", viewerPermission: permission };
      const nodes = shown.map((item) =>
        (item as { __typename: string }).__typename === "Epic"
          ? { ...item, epicWorkspace: workspace }
          : { ...item, workspace },
      );
      return {
        data: {
          workspace: {
            ...workspace,
            roadmapItems: { nodes, pageInfo: { hasNextPage: false, endCursor: null } },
          },
        },
      };
    }
    if (call.operation === "updateEpicDates") {
      const { id, startOn, endOn } = call.variables;
      return { data: { updateEpicDates: { epic: { id, startOn, endOn } } } };
    }
    if (call.operation === "updateGantryEpicDates") {
      const { id, startOn, endOn } = call.variables;
      return { data: { updateGantryEpicDates: { gantryEpic: { id, startOn, endOn } } } };
    }
    return { errors: [{ message: `unexpected ${call.operation}` }] };
  };
}

function renderRoadmap(graphql: GraphQLHandler) {
  return renderWithGraphQL(
    <ToastProvider>
      <RoadmapPage />
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/roadmap", entry: "/workspaces/w1/roadmap", graphql },
  );
}

// jsdom has no PointerEvent; a MouseEvent carrying a pointer id is what the bar reads.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
globalThis.PointerEvent ??= TestPointerEvent as typeof PointerEvent;

const dateCalls = (calls: GraphQLCall[]) => calls.filter((call) => call.operation === "updateGantryEpicDates");

describe("the roadmap page", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 23, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a row per dated item with its due label and progress, Saturday weeks, and the undated ones apart", async () => {
    renderRoadmap(answers());
    const rows = await screen.findAllByTestId("roadmap-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("v2Past due by 3 days2 of 2 issues closed · 5 of 5 points done"),
      expect.stringContaining("CheckoutDue by Dec 4, 20261 of 4 issues closed · 3 of 13 points done"),
    ]);
    expect(screen.getByTitle("Nov 21 – Nov 27, 2026")).toHaveTextContent("Nov 21");
    expect(screen.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute(
      "aria-valuetext",
      "Nov 21, 2026 to Dec 4, 2026, 14 days, 1 of 4 issues closed",
    );
    const undated = screen.getByRole("region", { name: "Without dates" });
    expect(within(undated).getByText(/No due date/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Months" }));
    expect(screen.getByTitle("Nov 2026")).toBeInTheDocument();
    // The quarter scale: a column per calendar quarter, the bar still where its dates are.
    await userEvent.click(screen.getByRole("button", { name: "Quarters" }));
    expect(screen.getByRole("button", { name: "Quarters" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTitle("Q4 2026: Oct 1 – Dec 31, 2026")).toHaveTextContent("Q4 2026");
    expect(screen.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute("data-start", "2026-11-21");
  });

  it("moves a bar with the arrow keys and its end with Shift, saving once the keys stop", async () => {
    const { calls } = renderRoadmap(answers());
    const bar = await screen.findByRole("slider", { name: "Epic Checkout" });
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    fireEvent.keyDown(bar, { key: "ArrowRight" });
    fireEvent.keyDown(bar, { key: "ArrowRight" });
    fireEvent.keyDown(bar, { key: "ArrowLeft", shiftKey: true });
    fireEvent.keyDown(bar, { key: "ArrowLeft", shiftKey: true, altKey: true });
    expect(bar).toHaveAttribute("data-start", "2026-11-22");
    expect(bar).toHaveAttribute("data-end", "2026-12-05");
    expect(dateCalls(calls)).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(KEY_COMMIT_DELAY_MS);
    });
    vi.useRealTimers();
    await waitFor(() =>
      expect(dateCalls(calls).map((call) => call.variables)).toEqual([
        { id: "e1", startOn: "2026-11-22", endOn: "2026-12-05" },
      ]),
    );
  });

  it("drags a bar's end edge by whole days and saves on the drop", async () => {
    const { calls } = renderRoadmap(answers());
    const bar = await screen.findByRole("slider", { name: "Epic Checkout" });
    const end = bar.querySelector('[data-handle="end"]');
    if (!end) throw new Error("no end handle");
    fireEvent.pointerDown(end, { button: 0, clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(end, { clientX: 561, pointerId: 1 });
    expect(bar).toHaveAttribute("data-end", "2026-12-07");
    fireEvent.pointerUp(end, { clientX: 561, pointerId: 1 });
    await waitFor(() =>
      expect(dateCalls(calls).map((call) => call.variables)).toEqual([
        { id: "e1", startOn: "2026-11-21", endOn: "2026-12-07" },
      ]),
    );
  });

  it("puts the dates back and says why when the server refuses", async () => {
    const base = answers();
    renderRoadmap((call) =>
      call.operation === "updateGantryEpicDates"
        ? { errors: [{ message: "You need write access to this workspace.", extensions: { code: "FORBIDDEN" } }] }
        : base(call),
    );
    const bar = await screen.findByRole("slider", { name: "Epic Checkout" });
    fireEvent.pointerDown(bar, { button: 0, clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 640, pointerId: 1 });
    fireEvent.pointerUp(bar, { clientX: 640, pointerId: 1 });
    expect(await screen.findByText(/The dates of "Checkout" were not changed/)).toBeInTheDocument();
    await waitFor(() => expect(bar).toHaveAttribute("data-start", "2026-11-21"));
    expect(bar).toHaveAttribute("data-end", "2026-12-04");
  });

  it("gives an undated item a week from today", async () => {
    const { calls } = renderRoadmap(answers());
    const undated = await screen.findByRole("region", { name: "Without dates" });
    await userEvent.click(within(undated).getByRole("button", { name: "Set dates" }));
    await waitFor(() =>
      expect(dateCalls(calls).map((call) => call.variables)).toEqual([
        { id: "e2", startOn: "2026-11-23", endOn: "2026-11-29" },
      ]),
    );
  });

  it("filters by type and by item through the server", async () => {
    const { calls } = renderRoadmap(answers());
    await screen.findAllByTestId("roadmap-row");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "Epics");
    await waitFor(() => expect(screen.getAllByTestId("roadmap-row")).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText("Item"), "Accessibility");
    await waitFor(() => expect(screen.queryAllByTestId("roadmap-row")).toHaveLength(0));
    expect(calls.at(-1)?.variables).toMatchObject({ types: ["GANTRY_EPIC"], gantryEpicIds: ["e2"], releaseIds: [] });
  });

  it("lets viewers look without dragging or setting dates", async () => {
    const { calls } = renderRoadmap(answers("READ"));
    const bar = await screen.findByRole("slider", { name: "Epic Checkout" });
    expect(bar).toHaveAttribute("aria-readonly", "true");
    fireEvent.keyDown(bar, { key: "ArrowRight" });
    expect(bar).toHaveAttribute("data-start", "2026-11-21");
    expect(screen.queryByRole("button", { name: "Set dates" })).toBeNull();
    expect(dateCalls(calls)).toEqual([]);
  });

  it("plans a GitHub epic beside Gantry's, saving its dates through updateEpicDates", async () => {
    const { calls } = renderRoadmap(answers("WRITE", [EPIC, GITHUB_EPIC]));
    const row = (await screen.findAllByTestId("roadmap-row")).find((each) => each.textContent?.includes("Payments"));
    expect(row?.textContent).toContain("GitHub epic Payments");
    expect(row?.textContent).toContain("0 of 2 issues closed · 0 of 8 points done");
    const bar = screen.getByRole("slider", { name: "GitHub epic Payments" });
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    fireEvent.keyDown(bar, { key: "ArrowRight" });
    await act(async () => {
      vi.advanceTimersByTime(KEY_COMMIT_DELAY_MS);
    });
    vi.useRealTimers();
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === "updateEpicDates").map((call) => call.variables)).toEqual([
        { id: "g1", startOn: "2026-11-25", endOn: "2026-12-11" },
      ]),
    );
  });

  it("explains an empty roadmap", async () => {
    renderRoadmap(answers("WRITE", []));
    expect(await screen.findByRole("heading", { name: "Nothing on the roadmap yet" })).toBeInTheDocument();
  });

  it("offers to retry when the roadmap cannot be read", async () => {
    renderRoadmap(() => ({ errors: [{ message: "The database is away." }] }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't load the roadmap: The database is away.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("the organisation's roadmap", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 23, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const WORKSPACES = [
    { id: "w1", name: "Launch", viewerPermission: "WRITE" },
    { id: "w2", name: "Platform", viewerPermission: "READ" },
  ];
  const ITEMS = [
    { ...RELEASE, workspace: WORKSPACES[1] },
    { ...EPIC, workspace: WORKSPACES[0] },
  ];
  const organization: GraphQLHandler = (call) => {
    if (call.operation !== "organizationRoadmap") return { errors: [{ message: `unexpected ${call.operation}` }] };
    const workspaceIds = (call.variables.workspaceIds as string[] | undefined) ?? [];
    const nodes = ITEMS.filter((item) => workspaceIds.length === 0 || workspaceIds.includes(item.workspace?.id ?? ""));
    return {
      data: {
        node: {
          id: "o1",
          name: "Acme",
          workspaces: { nodes: WORKSPACES.map(({ id, name }) => ({ id, name })) },
          roadmapItems: { nodes, pageInfo: { hasNextPage: false, endCursor: null } },
        },
      },
    };
  };

  it("shows every workspace's items with the workspace named, editable only where the viewer may write, and filters by workspace", async () => {
    const { calls } = renderWithGraphQL(
      <ToastProvider>
        <OrganizationRoadmapPage />
      </ToastProvider>,
      { path: "/organizations/:organizationId/roadmap", entry: "/organizations/o1/roadmap", graphql: organization },
    );
    expect(await screen.findByRole("heading", { name: "Acme Roadmap" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Strategic planning" })).toHaveAttribute(
      "href",
      "/organizations/o1/planning",
    );
    const rows = await screen.findAllByTestId("roadmap-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("v2Platform · Past due by 3 days"),
      expect.stringContaining("CheckoutLaunch · Due by Dec 4, 2026"),
    ]);
    expect(screen.getByRole("slider", { name: "Release v2" })).toHaveAttribute("aria-readonly", "true");
    expect(screen.getByRole("slider", { name: "Epic Checkout" })).toHaveAttribute("aria-readonly", "false");

    await userEvent.selectOptions(screen.getByLabelText("Workspace"), "Launch");
    await waitFor(() => expect(screen.getAllByTestId("roadmap-row")).toHaveLength(1));
    expect(calls.at(-1)?.variables).toMatchObject({ id: "o1", workspaceIds: ["w1"] });
    // The item picker offers only the chosen workspace's items.
    const itemPicker = screen.getByLabelText("Item");
    expect(within(itemPicker).queryByRole("option", { name: "v2" })).toBeNull();
    expect(within(itemPicker).getByRole("option", { name: "Checkout" })).toBeInTheDocument();
  });
});
