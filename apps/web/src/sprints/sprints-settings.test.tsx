import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider } from "react-redux";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBoardStore } from "../board/board-store";
import { FilterMenu } from "../board/filters/FilterMenu";
import { installLayoutApis } from "../test/browser-apis";
import { SprintsButton } from "./SprintsButton";
import { SprintsEmptyState } from "./SprintsEmptyState";
import { config, fakeSprintServer, renderSprintUi, type SprintServerState, sprint } from "./sprint-test-server";

function server(overrides: Partial<SprintServerState["workspace"]> = {}): SprintServerState {
  return {
    workspace: { viewerPermission: "ADMIN", sprintConfig: null, activeSprint: null, openSprints: [], ...overrides },
    closed: [],
    issue: { sprints: [], predictedSprint: null },
    settings: {},
  };
}

/** Replaces a field's text in one go (typing key by key is slow on a loaded machine). */
async function replaceText(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function openModal(name: string) {
  const user = userEvent.setup();
  renderSprintUi(
    <Provider store={createBoardStore(window.sessionStorage)}>
      <SprintsButton workspaceId="w1" />
    </Provider>,
  );
  await user.click(screen.getByRole("button", { name: "Sprint settings" }));
  return { user, modal: await screen.findByRole("dialog", { name }) };
}

describe("Sprints settings modal", () => {
  beforeEach(installLayoutApis);
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("refuses a bad date, time and time zone with SPEC §5's messages and sends nothing", async () => {
    const calls = fakeSprintServer(server());
    const { user, modal } = await openModal("Set up sprints");
    const date = within(modal).getByRole("textbox", { name: "First sprint starts on" });
    const time = within(modal).getByRole("textbox", { name: "Start time" });
    const zone = within(modal).getByRole("combobox", { name: "Time zone" });
    await replaceText(user, date, "23/11/2026");
    await replaceText(user, time, "9am");
    await replaceText(user, zone, "Mars/Olympus");
    await user.click(within(modal).getByRole("button", { name: "Start sprints" }));
    expect(within(modal).getByText("Invalid date format. Expected YYYY-MM-DD.")).toBeInTheDocument();
    expect(within(modal).getByText("Invalid time format. Expected HH:mm or HH:mm:ss.")).toBeInTheDocument();
    expect(within(modal).getByText("Invalid timezone.")).toBeInTheDocument();
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.operation === "createSprintConfig")).toBe(false);
  });

  it("creates two-week sprints built from a pipeline", async () => {
    const calls = fakeSprintServer(server());
    const { user, modal } = await openModal("Set up sprints");
    const date = within(modal).getByRole("textbox", { name: "First sprint starts on" });
    await replaceText(user, date, "2026-11-23");
    const zone = within(modal).getByRole("combobox", { name: "Time zone" });
    await replaceText(user, zone, "Europe/Paris");
    expect(
      within(modal).getByText(/starts on Monday at 00:00 and ends when the next one starts, on Sunday/),
    ).toBeVisible();
    await user.click(within(modal).getByRole("checkbox", { name: /Build sprints from a pipeline/ }));
    await user.click(within(modal).getByRole("button", { name: "Start sprints" }));
    expect(within(modal).getByText("Choose the pipeline sprints are filled from.")).toBeInTheDocument();
    expect(within(modal).getByText("Give the points a sprint holds, a number above 0.")).toBeInTheDocument();
    await user.type(within(modal).getByRole("textbox", { name: "Points per sprint" }), "20");
    expect(within(modal).queryByText("Give the points a sprint holds, a number above 0.")).toBeNull();
    await user.selectOptions(within(modal).getByRole("combobox", { name: "Pipeline" }), "Backlog");
    await user.click(within(modal).getByRole("button", { name: "Start sprints" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((call) => call.operation === "createSprintConfig")?.variables).toMatchObject({
      input: {
        sprintConfig: {
          startOn: "2026-11-23",
          tzIdentifier: "Europe/Paris",
          period: 2,
          settings: { issuesFromPipeline: { enabled: true, pipelineId: "p1", totalStoryPoints: 20 } },
        },
      },
    });
  });

  it("sets the assumed estimate through updateWorkspace, keeping the workspace's name and description", async () => {
    const calls = fakeSprintServer(server({ sprintConfig: config(false), openSprints: [sprint("s1", "One")] }));
    const { user, modal } = await openModal("Sprints");
    const assumed = within(modal).getByRole("textbox", { name: "Assumed estimate" });
    await replaceText(user, assumed, "2.5");
    await user.click(within(modal).getByRole("button", { name: "Save sprints" }));
    expect(within(modal).getByText("The assumed estimate is a whole number of points, 0 or more.")).toBeInTheDocument();
    await replaceText(user, assumed, "3");
    await user.click(within(modal).getByRole("button", { name: "Save sprints" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const writes = calls.filter((call) => ["updateWorkspace", "updateSprintConfig"].includes(call.operation));
    expect(writes.map((call) => call.operation)).toEqual(["updateWorkspace", "updateSprintConfig"]);
    expect(writes[0]?.variables).toEqual({
      workspaceId: "w1",
      name: "Acme",
      description: "Shop",
      assumeEstimates: true,
      assumedEstimateValue: 3,
    });
  });

  it("is read-only for someone who is not a workspace admin", async () => {
    fakeSprintServer(
      server({ viewerPermission: "WRITE", sprintConfig: config(true), openSprints: [sprint("s1", "One")] }),
    );
    const { modal } = await openModal("Sprints");
    expect(within(modal).getByText("Only workspace admins can change how sprints run.")).toBeInTheDocument();
    expect(within(modal).getByRole("textbox", { name: "Name" })).toBeDisabled();
    expect(within(modal).queryByRole("button", { name: "Save sprints" })).toBeNull();
  });

  it("turns sprints off after a confirmation, without saving the form", async () => {
    const calls = fakeSprintServer(server({ sprintConfig: config(false), openSprints: [sprint("s1", "One")] }));
    const { user, modal } = await openModal("Sprints");
    await user.click(within(modal).getByRole("button", { name: "Turn off sprints" }));
    const confirm = await screen.findByRole("dialog", { name: "Turn off sprints?" });
    expect(confirm).toHaveTextContent("closed sprints and their history stay");
    await user.click(within(confirm).getByRole("button", { name: "Turn off sprints" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const writes = ["createSprintConfig", "updateSprintConfig", "deleteSprintConfigAndOpenSprints"];
    expect(calls.filter((call) => writes.includes(call.operation))).toEqual([
      { operation: "deleteSprintConfigAndOpenSprints", variables: { workspaceId: "w1" } },
    ]);
  });

  it("saves an edited config through updateSprintConfig", async () => {
    const calls = fakeSprintServer(server({ sprintConfig: config(false), openSprints: [sprint("s1", "One")] }));
    const { user, modal } = await openModal("Sprints");
    const name = within(modal).getByRole("textbox", { name: "Name" });
    await replaceText(user, name, "Iteration");
    await user.click(within(modal).getByRole("button", { name: "Save sprints" }));
    await waitFor(() => expect(calls.map((call) => call.operation)).toContain("updateSprintConfig"));
    expect(calls.find((call) => call.operation === "updateSprintConfig")?.variables).toEqual({
      input: {
        sprintConfig: {
          workspaceId: "w1",
          name: "Iteration",
          tzIdentifier: "UTC",
          startOn: "2026-11-23",
          startOnTime: "00:00:00",
          period: 2,
          settings: {
            moveUnfinishedIssues: true,
            issuesFromPipeline: { enabled: false, pipelineId: null, totalStoryPoints: null },
          },
        },
      },
    });
  });
});

describe("Sprint filter", () => {
  beforeEach(installLayoutApis);
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("reads 'No sprints found' and opens sprint setup from 'Set up sprints' when no config exists", async () => {
    fakeSprintServer(server());
    const user = userEvent.setup();
    renderSprintUi(
      <Provider store={createBoardStore(window.sessionStorage)}>
        <FilterMenu workspaceId="w1" filterKey="sprints" />
      </Provider>,
    );
    await user.click(screen.getByRole("button", { name: "Sprints" }));
    const menu = await screen.findByRole("dialog", { name: "Sprints filter" });
    expect(await within(menu).findByText("No sprints found")).toBeInTheDocument();
    await user.click(await within(menu).findByRole("button", { name: "Set up sprints" }));
    expect(await screen.findByRole("dialog", { name: "Set up sprints" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Sprints filter" })).toBeNull();
  });
});

describe("Sprint empty state (filter and selector)", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("reads 'No sprints found' and offers 'Set up sprints' when no config exists", async () => {
    fakeSprintServer(server());
    const onSetUp = vi.fn();
    const user = userEvent.setup();
    renderSprintUi(<SprintsEmptyState workspaceId="w1" onSetUp={onSetUp} />);
    expect(screen.getByText("No sprints found")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Set up sprints" }));
    expect(onSetUp).toHaveBeenCalled();
  });

  it("has no setup button once sprints are configured", async () => {
    const calls = fakeSprintServer(server({ sprintConfig: config(true) }));
    renderSprintUi(<SprintsEmptyState workspaceId="w1" onSetUp={() => undefined} />);
    await waitFor(() => expect(calls.map((call) => call.operation)).toContain("getSprintConfig"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Set up sprints" })).toBeNull();
  });
});
