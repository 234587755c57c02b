import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider } from "../../shell/command-palette/command-registry";
import { layOutBoxes } from "../../test/browser-apis";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import { BoardPage } from "../BoardPage";
import type { EpicPerson, GantryEpicSummary, GantryLabelSummary } from "./gantry-epics-api";

const counts = { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 };
const progress = (closed: number, total: number) => ({ closed, total });
const DANA: EpicPerson = { id: "u1", name: "Dana Demo", email: "demo@acme.io", imageUrl: null };
const OLU: EpicPerson = { id: "u2", name: null, email: "olu@acme.io", imageUrl: null };
const CUSTOMER: GantryLabelSummary = { id: "l1", name: "customer-request", color: "#1f75cb" };
const TECH_DEBT: GantryLabelSummary = { id: "l2", name: "tech-debt", color: "#e5a00d" };
const nobody = (): Pick<GantryEpicSummary, "assignees" | "labels"> => ({ assignees: { nodes: [] }, labels: [] });
const EPICS = [
  {
    id: "e1",
    title: "Onboarding",
    state: "OPEN",
    gantryIssueCountProgress: progress(2, 5),
    gantryIssueEstimateProgress: progress(3, 13),
    assignees: { nodes: [DANA] },
    labels: [CUSTOMER],
  },
  {
    id: "e2",
    title: "Billing",
    state: "CLOSED",
    gantryIssueCountProgress: progress(0, 0),
    gantryIssueEstimateProgress: progress(0, 0),
    ...nobody(),
  },
  {
    id: "e4",
    title: "Search",
    state: "IN_PROGRESS",
    gantryIssueCountProgress: progress(1, 4),
    gantryIssueEstimateProgress: progress(2, 8),
    ...nobody(),
  },
];

type Epic = (typeof EPICS)[number];
const ids = (value: unknown) => value as string[] | undefined;

/** The epic mutations as the server applies them to `epics`, answering with the changed epics. */
function changeEpics(call: GraphQLCall, epics: Epic[], field: string) {
  const changed = epics.filter((epic) => ids(call.variables.gantryEpicIds)?.includes(epic.id));
  for (const epic of changed) {
    const people = ids(call.variables.assigneeIds) ?? [];
    const labels = [
      ...(ids(call.variables.gantryLabelIds) ?? []).map((id) => [CUSTOMER, TECH_DEBT].find((label) => label.id === id)),
      ...((call.variables.labelInfos as { name: string }[] | undefined) ?? []).map((info) => ({
        id: `new-${info.name}`,
        name: info.name,
        color: null,
      })),
    ].filter((label) => label !== undefined);
    if (field === "addAssigneesToGantryEpics")
      epic.assignees.nodes.push(...[DANA, OLU].filter((person) => people.includes(person.id)));
    if (field === "removeAssigneesFromGantryEpics")
      epic.assignees.nodes = epic.assignees.nodes.filter((person) => !people.includes(person.id));
    if (field === "addGantryLabelsToGantryEpics") epic.labels.push(...labels);
    if (field === "removeGantryLabelsFromGantryEpics")
      epic.labels = epic.labels.filter((label) => !labels.some((gone) => gone.id === label.id));
  }
  return { data: { [field]: { gantryEpics: changed } } };
}

const EPIC_MUTATIONS = [
  "addAssigneesToGantryEpics",
  "removeAssigneesFromGantryEpics",
  "addGantryLabelsToGantryEpics",
  "removeGantryLabelsFromGantryEpics",
];

function answers(permission: string, epics: Epic[] = EPICS, refuse?: string): GraphQLHandler {
  return (call) => {
    if (EPIC_MUTATIONS.includes(call.operation)) {
      return refuse
        ? { errors: [{ message: refuse, extensions: { code: "BAD_USER_INPUT" } }] }
        : changeEpics(call, epics, call.operation);
    }
    switch (call.operation) {
      case "epicAssigneeOptions":
        return { data: { workspace: { gantryUsers: { nodes: [DANA, OLU] } } } };
      case "workspaceGantryLabels":
        return { data: { workspace: { gantryLabels: { nodes: [CUSTOMER, TECH_DEBT] } } } };
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
              gantryEpic: { ...EPICS[1], ...nobody(), id: "e3", title: String(call.variables.title), state: "OPEN" },
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
    const onboarding = await within(list).findByRole("button", { name: /^Onboarding/ });
    expect(onboarding).toHaveTextContent("2/5 issues · 3/13 points");
    expect(within(onboarding).getByLabelText("40% of issues closed")).toHaveAttribute("value", "2");
    expect(within(list).getByRole("button", { name: /^Billing/ })).toHaveTextContent("(closed)");
    expect(within(list).getByRole("button", { name: /^Search/ })).toHaveTextContent("Search (in progress)");
    expect(within(list).getByRole("button", { name: /^Onboarding/ })).not.toHaveTextContent("(");
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
    await within(list).findByRole("button", { name: /^Onboarding/ });
    expect(within(list).queryByRole("button", { name: "New epic" })).toBeNull();
  });
});

/** A fresh copy of the epics, so one test's edits are not the next one's starting point. */
const freshEpics = (): Epic[] => structuredClone(EPICS);

async function openEpic(permission: string, epics = freshEpics(), refuse?: string) {
  localStorage.setItem("showGantryEpicList", "true");
  const rendered = renderBoard(answers(permission, epics, refuse));
  const list = await screen.findByRole("complementary", { name: "Epics" });
  await userEvent.click(await within(list).findByRole("button", { name: "Open Onboarding" }));
  const panel = await screen.findByRole("dialog", { name: "Onboarding" });
  const field = (name: string) => within(panel).getByRole("region", { name });
  return { ...rendered, list, panel, field };
}

/** Types into a list's search and waits for the list to show only what matches. */
async function typeToFilter(area: HTMLElement, search: HTMLElement, text: string) {
  await userEvent.type(search, text);
  await vi.waitFor(() =>
    expect(
      within(area)
        .getAllByRole("option")
        .every((option) => option.textContent?.includes(text)),
    ).toBe(true),
  );
}

const sent = (calls: GraphQLCall[], operation: string) => calls.filter((call) => call.operation === operation);

describe("an epic's assignees and labels", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows each epic's people and labels on its card in the list", async () => {
    localStorage.setItem("showGantryEpicList", "true");
    renderBoard(answers("READ", freshEpics()));
    const list = await screen.findByRole("complementary", { name: "Epics" });
    const card = (await within(list).findByRole("button", { name: /^Onboarding/ })).closest("li") as HTMLElement;
    expect(within(card).getByRole("list", { name: "Assignees" })).toHaveTextContent("Dana Demo");
    expect(within(card).getByRole("list", { name: "Labels" })).toHaveTextContent("customer-request");
    const billing = within(list)
      .getByRole("button", { name: /^Billing/ })
      .closest("li") as HTMLElement;
    expect(within(billing).queryByRole("list", { name: "Assignees" })).toBeNull();
  });

  it("lets an editor assign someone who can open the workspace and take them off again", async () => {
    const { calls, field } = await openEpic("WRITE");
    const assignees = field("Assignees");
    expect(within(assignees).getByRole("list", { name: "Assignees" })).toHaveTextContent("Dana Demo");
    await userEvent.click(within(assignees).getByRole("button", { name: "Edit assignees" }));
    await userEvent.click(await within(assignees).findByRole("option", { name: /olu@acme.io/ }));
    await vi.waitFor(() =>
      expect(sent(calls, "addAssigneesToGantryEpics")[0]?.variables).toEqual({
        gantryEpicIds: ["e1"],
        assigneeIds: ["u2"],
      }),
    );
    expect(await within(assignees).findByText("olu@acme.io", { selector: "li" })).toBeInTheDocument();

    await userEvent.click(within(assignees).getByRole("option", { name: /Dana Demo/ }));
    await vi.waitFor(() =>
      expect(sent(calls, "removeAssigneesFromGantryEpics")[0]?.variables).toEqual({
        gantryEpicIds: ["e1"],
        assigneeIds: ["u1"],
      }),
    );
    await vi.waitFor(() =>
      expect(within(assignees).getByRole("list", { name: "Assignees" })).not.toHaveTextContent("Dana Demo"),
    );
    // Escape closes the list and gives focus back to the button that opened it.
    await userEvent.keyboard("{Escape}");
    expect(within(assignees).getByRole("button", { name: "Edit assignees" })).toHaveFocus();
    expect(within(assignees).queryByRole("listbox")).toBeNull();
  });

  it("adds an existing label, makes one from a typed name, and removes one, by keyboard", async () => {
    const { calls, field, list } = await openEpic("WRITE");
    const labels = field("Labels");
    await userEvent.click(within(labels).getByRole("button", { name: "Edit labels" }));
    const search = await within(labels).findByRole("combobox", { name: "Pick or create labels" });
    await within(labels).findByRole("option", { name: /tech-debt/ });
    await typeToFilter(labels, search, "tech");
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await vi.waitFor(() =>
      expect(sent(calls, "addGantryLabelsToGantryEpics")[0]?.variables).toEqual({
        gantryEpicIds: ["e1"],
        gantryLabelIds: ["l2"],
      }),
    );
    await userEvent.clear(search);
    await userEvent.type(search, "Launch blocker{Enter}");
    await vi.waitFor(() =>
      expect(sent(calls, "addGantryLabelsToGantryEpics")[1]?.variables).toEqual({
        gantryEpicIds: ["e1"],
        labelInfos: [{ name: "Launch blocker" }],
      }),
    );
    const shown = within(labels).getByRole("list", { name: "Labels" });
    await vi.waitFor(() => expect(shown).toHaveTextContent("Launch blocker"));
    expect(shown).toHaveTextContent("tech-debt");
    // The workspace's labels are read again, so the new one is offered from now on.
    await vi.waitFor(() => expect(sent(calls, "workspaceGantryLabels")).toHaveLength(2));

    await userEvent.clear(search);
    await typeToFilter(labels, search, "customer");
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await vi.waitFor(() =>
      expect(sent(calls, "removeGantryLabelsFromGantryEpics")[0]?.variables).toEqual({
        gantryEpicIds: ["e1"],
        gantryLabelIds: ["l1"],
      }),
    );
    await vi.waitFor(() => expect(shown).not.toHaveTextContent("customer-request"));
    // The list's card shows the same labels as the panel.
    const card = within(list)
      .getByRole("button", { name: /^Onboarding/ })
      .closest("li") as HTMLElement;
    expect(within(card).getByRole("list", { name: "Labels" })).toHaveTextContent("tech-debtLaunch blocker");
  });

  it("says why a change was refused and keeps what the epic had", async () => {
    const { field } = await openEpic(
      "WRITE",
      freshEpics(),
      "An assignee must be someone who can open the epic's workspace.",
    );
    const assignees = field("Assignees");
    await userEvent.click(within(assignees).getByRole("button", { name: "Edit assignees" }));
    await userEvent.click(await within(assignees).findByRole("option", { name: /olu@acme.io/ }));
    expect(await within(assignees).findByRole("alert")).toHaveTextContent(
      "Assignees were not changed: An assignee must be someone who can open the epic's workspace.",
    );
    expect(within(assignees).getByRole("list", { name: "Assignees" })).toHaveTextContent("Dana Demo");
    expect(within(assignees).getByRole("list", { name: "Assignees" })).not.toHaveTextContent("olu@acme.io");
  });

  it("shows a reader the epic's people and labels with nothing to edit", async () => {
    const { panel, field, calls } = await openEpic("READ");
    expect(within(field("Assignees")).getByRole("list", { name: "Assignees" })).toHaveTextContent("Dana Demo");
    expect(within(field("Labels")).getByRole("list", { name: "Labels" })).toHaveTextContent("customer-request");
    expect(within(panel).queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(panel).toHaveTextContent("You can read this workspace but not change its epics.");
    expect(sent(calls, "epicAssigneeOptions")).toHaveLength(0);
  });
});
