import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { layOutBoxes } from "../test/browser-apis";
import { type GraphQLCall, type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { BoardPage } from "./BoardPage";
import type { BoardIssue } from "./board-issue";

const counts = (issuesCount: number) => ({ issuesCount, pullRequestsCount: 0, totalStoryPoints: 0 });

const issue = (number: number): BoardIssue => ({
  id: `i${number}`,
  number,
  title: `Issue ${number}`,
  state: "OPEN",
  pullRequest: false,
  htmlUrl: `https://github.com/acme/web-app/issues/${number}`,
  labels: [{ name: "bug", color: "d73a4a" }],
  assignees: [],
  user: null,
});

type Answers = Partial<Record<string, (call: GraphQLCall) => unknown>>;

function board(permission: string, newIssues: BoardIssue[], answers: Answers = {}): GraphQLHandler {
  return (call) => {
    const answer = answers[call.operation];
    if (answer) return answer(call);
    if (call.operation === "boardPipelines") {
      return {
        data: {
          workspace: {
            id: "w1",
            name: "Launch",
            viewerPermission: permission,
            pipelines: [
              { id: "p1", name: "New Issues", description: null, issueCounts: counts(newIssues.length) },
              { id: "p2", name: "Backlog", description: "Ready to pick up", issueCounts: counts(0) },
              { id: "closed--pipeline", name: "Closed", description: null, issueCounts: counts(0) },
            ],
          },
        },
      };
    }
    const nodes = call.variables.pipelineId === "p1" ? newIssues : [];
    const page = { pageInfo: { hasNextPage: false, endCursor: null }, nodes };
    if (call.operation === "boardPipelineIssues") return { data: { searchIssuesByPipeline: page } };
    if (call.operation === "boardClosedIssues") return { data: { searchClosedIssues: page } };
    return { data: {} };
  };
}

function renderBoard(graphql: GraphQLHandler) {
  return renderWithGraphQL(
    <ToastProvider>
      <CommandRegistryProvider>
        <BoardPage />
      </CommandRegistryProvider>
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/board", entry: "/workspaces/w1/board", otherPaths: ["/workspaces/:id"], graphql },
  );
}

const refusal = (message: string, extensions: Record<string, unknown>) => () => ({ errors: [{ message, extensions }] });
const ofOperation = (calls: GraphQLCall[], operation: string) => calls.filter((call) => call.operation === operation);

const pipelineOrder = () =>
  screen
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent ?? "")
    .filter((name) => ["New Issues", "Backlog", "Closed"].includes(name));

/** jsdom has no drag events; pragmatic-drag-and-drop needs DragEvent with a dataTransfer, as browsers give. */
function installDragEvents() {
  class TestDataTransfer {
    private readonly data = new Map<string, string>();
    dropEffect = "none";
    effectAllowed = "all";
    get types() {
      return [...this.data.keys()];
    }
    setData(format: string, value: string) {
      this.data.set(format, value);
    }
    getData(format: string) {
      return this.data.get(format) ?? "";
    }
    clearData() {
      this.data.clear();
    }
    setDragImage() {}
  }
  class TestDragEvent extends MouseEvent {
    readonly dataTransfer: TestDataTransfer;
    constructor(type: string, init: MouseEventInit & { dataTransfer?: TestDataTransfer } = {}) {
      super(type, init);
      this.dataTransfer = init.dataTransfer ?? new TestDataTransfer();
    }
  }
  vi.stubGlobal("DragEvent", TestDragEvent);
}

/** Gives an element a place on screen, for the half of it a drop lands on. */
function placeAt(element: HTMLElement, { left, width }: { left: number; width: number }) {
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue(new DOMRect(left, 0, width, 40));
}

/** The events a browser sends when one element is dragged onto another and let go there. */
function dragAndDrop(from: HTMLElement, onto: HTMLElement, at: { clientX: number; clientY: number }) {
  const DragEventClass = globalThis.DragEvent as unknown as new (type: string, init: object) => Event;
  const send = (target: HTMLElement, type: string, init: object = {}) =>
    target.dispatchEvent(new DragEventClass(type, { bubbles: true, cancelable: true, ...init }));
  send(from, "dragstart", { clientX: 10, clientY: 10 });
  send(onto, "dragenter", at);
  send(onto, "dragover", at);
  send(onto, "drop", at);
}

describe("editing the board and bulk actions", () => {
  // A card's slot is as tall as a card; every other box is tall enough that a column draws all its cards.
  layOutBoxes({ boxSize: 20_000, cardHeight: 92 });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("gives pipeline editing to admins only: editors and viewers see no menu and no Add pipeline", async () => {
    for (const permission of ["WRITE", "READ"]) {
      renderBoard(board(permission, [issue(1)]));
      await screen.findByRole("article", { name: "Issue #1: Issue 1" });
      expect(screen.queryByRole("button", { name: /Pipeline actions/ })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Add pipeline" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Select issues" }) !== null).toBe(permission === "WRITE");
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("adds a pipeline from the form at the end: the server's refusal shows beside the name, Escape closes it", async () => {
    let refuse = true;
    const { calls } = renderBoard(
      board("ADMIN", [issue(1)], {
        createPipeline: () =>
          refuse
            ? refusal("A pipeline with this name already exists in this workspace.", {
                code: "CONFLICT",
                field: "name",
              })()
            : { data: { createPipeline: { pipeline: { id: "p3" } } } },
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Add pipeline" }));
    const form = screen.getByRole("form", { name: "Add a pipeline" });
    const name = within(form).getByLabelText("Name");
    expect(name).toHaveFocus();
    await userEvent.type(name, "backlog{Enter}");
    expect(await within(form).findByText("A pipeline with this name already exists in this workspace.")).toBeVisible();
    expect(name).toHaveAttribute("aria-invalid", "true");

    refuse = false;
    await userEvent.clear(name);
    await userEvent.type(name, "Blocked");
    await userEvent.type(within(form).getByLabelText(/Description/), "Waiting on others{Enter}");
    await waitFor(() => expect(screen.queryByRole("form", { name: "Add a pipeline" })).not.toBeInTheDocument());
    expect(ofOperation(calls, "createPipeline").at(-1)?.variables).toEqual({
      workspaceId: "w1",
      name: "Blocked",
      description: "Waiting on others",
    });

    await userEvent.click(screen.getByRole("button", { name: "Add pipeline" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("form", { name: "Add a pipeline" })).not.toBeInTheDocument();
  });

  it("renames in place from the pipeline menu, and shows descriptions only when asked", async () => {
    const { calls } = renderBoard(
      board("ADMIN", [issue(1)], { updatePipeline: () => ({ data: { updatePipeline: { pipeline: { id: "p2" } } } }) }),
    );
    const backlog = await screen.findByRole("region", { name: "Backlog" });
    expect(within(backlog).queryByText("Ready to pick up")).not.toBeInTheDocument();
    await userEvent.click(within(backlog).getByRole("button", { name: "Pipeline actions: Backlog" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Rename" }));
    const name = screen.getByRole("textbox", { name: "Name" });
    await userEvent.clear(name);
    await userEvent.type(name, "Ready{Enter}");
    await waitFor(() => expect(ofOperation(calls, "updatePipeline")).toHaveLength(1));
    expect(ofOperation(calls, "updatePipeline")[0]?.variables).toEqual({
      pipelineId: "p2",
      name: "Ready",
      description: "Ready to pick up",
    });

    await userEvent.click(screen.getByRole("checkbox", { name: "Pipeline descriptions" }));
    expect(await within(screen.getByRole("region", { name: "Backlog" })).findByText("Ready to pick up")).toBeVisible();
  });

  it("shows the pipelines error with the server's reason when a move is refused, and retries it", async () => {
    const { calls } = renderBoard(
      board("ADMIN", [issue(1)], {
        updatePipeline: refusal("You do not have permission to do this in this workspace.", { code: "FORBIDDEN" }),
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Pipeline actions: New Issues" }));
    expect(screen.getByRole("menuitem", { name: "Move left" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("menuitem", { name: "Move right" }));
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent(
      "The pipelines were not changed: You do not have permission to do this in this workspace.",
    );
    expect(ofOperation(calls, "updatePipeline")[0]?.variables).toEqual({ pipelineId: "p1", position: 1 });

    await userEvent.click(within(banner).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(ofOperation(calls, "updatePipeline")).toHaveLength(2));
    await userEvent.click(within(await screen.findByRole("alert")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reorders pipelines at once by dragging a header onto another's right half, and puts them back when refused", async () => {
    installDragEvents();
    let refuse: () => void = () => {};
    const { calls } = renderBoard(
      board("ADMIN", [issue(1)], {
        updatePipeline: () =>
          new Promise((resolve) => {
            refuse = () => resolve(refusal("This pipeline was deleted by someone else.", { code: "NOT_FOUND" })());
          }),
      }),
    );
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    const backlog = screen.getByRole("region", { name: "Backlog" });
    const [from, onto] = [newIssues, backlog].map((region) => region.querySelector("header") as HTMLElement);
    if (!from || !onto) throw new Error("the pipelines have no headers");
    placeAt(onto, { left: 400, width: 300 });
    expect(from).toHaveAttribute("draggable", "true");

    dragAndDrop(from, onto, { clientX: 650, clientY: 10 });
    await waitFor(() => expect(pipelineOrder()).toEqual(["Backlog", "New Issues", "Closed"]));
    expect(ofOperation(calls, "updatePipeline")[0]?.variables).toEqual({ pipelineId: "p1", position: 1 });

    refuse();
    expect(await screen.findByRole("alert")).toHaveTextContent("This pipeline was deleted by someone else.");
    expect(pipelineOrder()).toEqual(["New Issues", "Backlog", "Closed"]);
  });

  it("lets no one drag a pipeline but admins, and never Closed", async () => {
    installDragEvents();
    renderBoard(board("EDITOR", [issue(1)]));
    const newIssues = await screen.findByRole("region", { name: "New Issues" });
    expect(newIssues.querySelector("header")).not.toHaveAttribute("draggable");
    cleanup();
    renderBoard(board("ADMIN", [issue(1)]));
    await screen.findByRole("button", { name: "Pipeline actions: New Issues" });
    expect(screen.getByRole("region", { name: "Closed" }).querySelector("header")).not.toHaveAttribute("draggable");
  });

  it("deletes a pipeline only once its name is typed, moving its issues where the person chose", async () => {
    const { calls } = renderBoard(
      board("ADMIN", [issue(1)], {
        deletePipeline: () => ({ data: { deletePipeline: { destinationPipeline: { id: "p2" } } } }),
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Pipeline actions: New Issues" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete pipeline" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete pipeline New Issues?" });
    expect(within(dialog).getByText(/Its 1 issue moves to the bottom/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Move its issues to")).toHaveValue("p2");
    const confirm = within(dialog).getByRole("button", { name: "Delete pipeline" });
    await userEvent.type(within(dialog).getByLabelText("Type New Issues to confirm"), "new issues");
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText("Type New Issues to confirm"));
    await userEvent.type(within(dialog).getByLabelText("Type New Issues to confirm"), "New Issues");
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(ofOperation(calls, "deletePipeline")[0]?.variables).toEqual({
        pipelineId: "p1",
        destinationPipelineId: "p2",
      }),
    );
  });

  it("selects a whole pipeline and moves it to the top of another in requests of 25, reporting GitHub's refusals", async () => {
    const issues = Array.from({ length: 30 }, (_, index) => issue(index + 1));
    const { calls } = renderBoard(
      board("WRITE", issues, {
        movePipelineIssues: (call) => {
          const ids = call.variables.issueIds as string[];
          const githubErrors = ids.includes("i2") ? { i2: "GitHub refused the request: issue is locked" } : {};
          return {
            data: { movePipelineIssues: { successCount: ids.length - Object.keys(githubErrors).length, githubErrors } },
          };
        },
      }),
    );
    await screen.findByRole("article", { name: "Issue #30: Issue 30" });
    await userEvent.click(screen.getByRole("button", { name: "Select issues" }));
    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    expect(await screen.findByText("30 selected")).toBeInTheDocument();
    // A click on a card in selection mode unselects it, and its checkbox follows.
    await userEvent.click(screen.getByRole("article", { name: "Issue #30: Issue 30, selected" }));
    expect(screen.getByRole("checkbox", { name: "Select #30" })).not.toBeChecked();
    expect(screen.getByText("29 selected")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Move…" }));
    const modal = await screen.findByRole("dialog", { name: "Move 29 issues" });
    await userEvent.selectOptions(within(modal).getByLabelText("Pipeline"), "Backlog");
    await userEvent.click(within(modal).getByRole("button", { name: "Move 29 issues" }));

    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 28 of 29 issues changed.");
    expect(within(modal).getByRole("list", { name: "Failed issues" })).toHaveTextContent(
      "#2 Issue 2: GitHub refused the request: issue is locked",
    );
    const moves = ofOperation(calls, "movePipelineIssues");
    // To the top: the last 4 go first, so the first 25 land above them, in board order.
    const ids = (from: number, to: number) => issues.slice(from, to).map((card) => card.id);
    expect(moves.map((call) => call.variables)).toEqual([
      { issueIds: ids(25, 29), pipelineId: "p2", position: "START", workspaceId: "w1" },
      { issueIds: ids(0, 25), pipelineId: "p2", position: "START", workspaceId: "w1" },
    ]);
    // Only the refused issue stays selected, ready for another try.
    await userEvent.click(within(modal).getByRole("button", { name: "Done" }));
    expect(screen.getByText("1 selected")).toBeInTheDocument();
  });

  it("selects a card by keyboard, and asks for at least one label before adding labels", async () => {
    const { calls } = renderBoard(
      board("WRITE", [issue(1)], {
        addLabelsToIssues: () => ({ data: { addLabelsToIssues: { successCount: 1, githubErrors: {} } } }),
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Select issues" }));
    // By keyboard: Space on the checkbox selects the card rather than picking it up to move.
    screen.getByRole("checkbox", { name: "Select #1" }).focus();
    await userEvent.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: "Select #1" })).toBeChecked();
    expect(screen.queryByText(/^Picked up/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Labels…" }));
    const modal = screen.getByRole("dialog", { name: "Labels of 1 issue" });
    await userEvent.click(within(modal).getByRole("button", { name: "Add labels" }));
    expect(within(modal).getByText("Choose at least one label.")).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole("checkbox", { name: "bug" }));
    await userEvent.type(within(modal).getByLabelText("Other labels"), "p1, ui");
    await userEvent.click(within(modal).getByRole("button", { name: "Add labels" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 1 of 1 issue changed.");
    expect(ofOperation(calls, "addLabelsToIssues")[0]?.variables).toEqual({
      issueIds: ["i1"],
      labelInfos: [{ name: "bug" }, { name: "p1" }, { name: "ui" }],
    });
  });

  it("sets one estimate on many issues in requests of 25, checking it first as the server does", async () => {
    const issues = Array.from({ length: 30 }, (_, index) => issue(index + 1));
    const { calls } = renderBoard(
      board("WRITE", issues, {
        setMultipleEstimates: (call) => {
          const ids = call.variables.issueIds as string[];
          const githubErrors = ids.includes("i3") ? { i3: "You cannot edit this issue." } : {};
          return {
            data: {
              setMultipleEstimates: { successCount: ids.length - Object.keys(githubErrors).length, githubErrors },
            },
          };
        },
      }),
    );
    await screen.findByRole("article", { name: "Issue #30: Issue 30" });
    await userEvent.click(screen.getByRole("button", { name: "Select issues" }));
    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    await userEvent.click(await screen.findByRole("button", { name: "Estimate…" }));
    const modal = screen.getByRole("dialog", { name: "Estimate of 30 issues" });
    await userEvent.type(within(modal).getByLabelText("Estimate"), "1.005");
    await userEvent.click(within(modal).getByRole("button", { name: "Set estimate" }));
    expect(within(modal).getByText("An estimate has at most two decimals.")).toBeInTheDocument();
    expect(ofOperation(calls, "setMultipleEstimates")).toEqual([]);
    await userEvent.clear(within(modal).getByLabelText("Estimate"));
    await userEvent.type(within(modal).getByLabelText("Estimate"), "3");
    await userEvent.click(within(modal).getByRole("button", { name: "Set estimate" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 29 of 30 issues changed.");
    expect(within(modal).getByRole("list", { name: "Failed issues" })).toHaveTextContent(
      "#3 Issue 3: You cannot edit this issue.",
    );
    expect(ofOperation(calls, "setMultipleEstimates").map((call) => call.variables)).toEqual([
      { issueIds: issues.slice(0, 25).map((card) => card.id), value: 3 },
      { issueIds: issues.slice(25).map((card) => card.id), value: 3 },
    ]);
  });

  it("adds issues to a sprint and takes them out of an epic picked from the workspace's own", async () => {
    const page = (nodes: Record<string, unknown>[]) => ({ pageInfo: { hasNextPage: false, endCursor: null }, nodes });
    const { calls } = renderBoard(
      board("WRITE", [issue(1), issue(2)], {
        // One answer for both lists: each request reads its own field.
        boardFilterOptions: () => ({
          data: {
            workspace: {
              id: "w1",
              sprints: page([
                { id: "s1", name: "Sprint 1", state: "CLOSED" },
                { id: "s2", name: "Sprint 2", state: "OPEN" },
              ]),
              gantryEpics: page([{ id: "e1", title: "Launch", state: "OPEN" }]),
            },
          },
        }),
        addIssuesToSprints: () => ({ data: { addIssuesToSprints: { successCount: 2, githubErrors: {} } } }),
        removeIssuesFromGantryEpics: () => ({
          data: { removeIssuesFromGantryEpics: { successCount: 2, githubErrors: {} } },
        }),
      }),
    );
    await screen.findByRole("article", { name: "Issue #2: Issue 2" });
    await userEvent.click(screen.getByRole("button", { name: "Select issues" }));
    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sprint…" }));
    let modal = screen.getByRole("dialog", { name: "Sprints of 2 issues" });
    await userEvent.click(within(modal).getByRole("button", { name: "Add to sprints" }));
    expect(within(modal).getByText("Choose at least one sprint.")).toBeInTheDocument();
    await userEvent.click(await within(modal).findByRole("checkbox", { name: "Sprint 2" }));
    expect(within(modal).getByRole("checkbox", { name: "Sprint 1 (Closed)" })).not.toBeChecked();
    await userEvent.click(within(modal).getByRole("button", { name: "Add to sprints" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 2 of 2 issues changed.");
    expect(ofOperation(calls, "addIssuesToSprints")[0]?.variables).toEqual({
      issueIds: ["i1", "i2"],
      sprintIds: ["s2"],
    });
    await userEvent.click(within(modal).getByRole("button", { name: "Done" }));

    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    await userEvent.click(await screen.findByRole("button", { name: "Epic…" }));
    modal = screen.getByRole("dialog", { name: "Epics of 2 issues" });
    await userEvent.click(within(modal).getByRole("radio", { name: "Remove from epics" }));
    await userEvent.click(await within(modal).findByRole("checkbox", { name: "Launch" }));
    await userEvent.click(within(modal).getByRole("button", { name: "Remove from epics" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 2 of 2 issues changed.");
    expect(ofOperation(calls, "removeIssuesFromGantryEpics")[0]?.variables).toEqual({
      issueIds: ["i1", "i2"],
      gantryEpicIds: ["e1"],
    });
  });

  it("reads more sprints page by page and searches them on the server, keeping the ones picked", async () => {
    const sprint = (id: string, name: string) => ({ id, name, state: "OPEN" });
    const sprints = (variables: Record<string, unknown>) => {
      if (variables.query === "Q3")
        return { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [sprint("s150", "Q3 wrap-up")] };
      if (variables.after === "c100")
        return { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [sprint("s101", "Sprint 101")] };
      return {
        pageInfo: { hasNextPage: true, endCursor: "c100" },
        nodes: Array.from({ length: 100 }, (_, index) => sprint(`s${index + 1}`, `Sprint ${index + 1}`)),
      };
    };
    const { calls } = renderBoard(
      board("WRITE", [issue(1)], {
        boardFilterOptions: (call) => ({ data: { workspace: { id: "w1", sprints: sprints(call.variables) } } }),
        addIssuesToSprints: () => ({ data: { addIssuesToSprints: { successCount: 1, githubErrors: {} } } }),
      }),
    );
    await screen.findByRole("article", { name: "Issue #1: Issue 1" });
    await userEvent.click(screen.getByRole("button", { name: "Select issues" }));
    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sprint…" }));
    const modal = screen.getByRole("dialog", { name: "Sprints of 1 issue" });
    await userEvent.click(await within(modal).findByRole("checkbox", { name: "Sprint 100" }));
    expect(within(modal).queryByRole("checkbox", { name: "Sprint 101" })).toBeNull();

    await userEvent.click(within(modal).getByRole("button", { name: "Show more sprints" }));
    await userEvent.click(await within(modal).findByRole("checkbox", { name: "Sprint 101" }));
    expect(within(modal).queryByRole("button", { name: "Show more sprints" })).toBeNull();

    await userEvent.type(within(modal).getByRole("searchbox", { name: "Search sprints" }), "Q3");
    await userEvent.click(await within(modal).findByRole("checkbox", { name: "Q3 wrap-up" }));
    expect(within(modal).queryByRole("checkbox", { name: "Sprint 1" })).toBeNull();
    expect(within(modal).getByRole("checkbox", { name: "Sprint 100" })).toBeChecked();
    expect(within(modal).getByRole("checkbox", { name: "Sprint 101" })).toBeChecked();

    await userEvent.click(within(modal).getByRole("button", { name: "Add to sprints" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 1 of 1 issue changed.");
    expect(ofOperation(calls, "addIssuesToSprints")[0]?.variables).toEqual({
      issueIds: ["i1"],
      sprintIds: ["s100", "s101", "s150"],
    });
  });

  it("offers Delete only when every selected issue is a Gantry issue, and lists the ones refused", async () => {
    const native = (number: number): BoardIssue => ({ ...issue(number), type: "GantryIssue" });
    const { calls } = renderBoard(
      board("WRITE", [native(1), native(2), { ...issue(3), type: "GithubIssue" }], {
        deleteGantryIssue: (call) =>
          call.variables.issueId === "i2"
            ? refusal("You do not have permission to do this in this workspace.", { code: "FORBIDDEN" })()
            : { data: { deleteGantryIssue: { issueId: call.variables.issueId } } },
      }),
    );
    await screen.findByRole("article", { name: "Issue #3: Issue 3" });
    await userEvent.click(screen.getByRole("button", { name: "Select issues" }));
    await userEvent.click(screen.getByRole("button", { name: "Select all in New Issues" }));
    await screen.findByText("3 selected");
    expect(screen.queryByRole("button", { name: "Delete…" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("article", { name: "Issue #3: Issue 3, selected" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete…" }));
    const modal = screen.getByRole("dialog", { name: "Delete 2 issues" });
    expect(
      within(modal).getByText("Deletes 2 issues from Gantry for good. This cannot be undone."),
    ).toBeInTheDocument();
    expect(ofOperation(calls, "deleteGantryIssue")).toEqual([]);
    await userEvent.click(within(modal).getByRole("button", { name: "Delete 2 issues" }));
    expect(await within(modal).findByRole("status")).toHaveTextContent("Done: 1 of 2 issues changed.");
    expect(within(modal).getByRole("list", { name: "Failed issues" })).toHaveTextContent(
      "#2 Issue 2: You do not have permission to do this in this workspace.",
    );
    expect(ofOperation(calls, "deleteGantryIssue").map((call) => call.variables)).toEqual([
      { issueId: "i1" },
      { issueId: "i2" },
    ]);
  });
});
