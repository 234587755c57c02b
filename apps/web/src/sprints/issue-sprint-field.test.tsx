import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExtensionModeContext } from "../extension/extension-mode";
import { installLayoutApis } from "../test/browser-apis";
import { IssueSprintField } from "./IssueSprintField";
import { PREDICTED_SPRINT_CARD_DISMISSED, PREDICTED_SPRINTS_HELP_URL } from "./PredictedSprintsCard";
import { config, fakeSprintServer, renderSprintUi, type SprintServerState, sprint } from "./sprint-test-server";

const active = sprint("s1", "Sprint: Nov 23 – Dec 6, 2026");
const next = sprint("s2", "Sprint: Dec 7 – Dec 20, 2026", {
  startAt: "2026-12-07T00:00:00Z",
  endAt: "2026-12-21T00:00:00Z",
});
const later = sprint("s3", "Hardening", { startAt: "2026-12-21T00:00:00Z", endAt: "2027-01-04T00:00:00Z" });
const closedOlder = sprint("c1", "Sprint: Oct 26 – Nov 8, 2026", { state: "CLOSED" });
const closedNewer = sprint("c2", "Sprint: Nov 9 – Nov 22, 2026", { state: "CLOSED" });

function server(overrides: Partial<SprintServerState> = {}): SprintServerState {
  return {
    workspace: {
      viewerPermission: "ADMIN",
      sprintConfig: config(true),
      activeSprint: { id: active.id },
      openSprints: [active, next, later],
    },
    closed: [closedNewer, closedOlder],
    issue: { sprints: [], predictedSprint: next },
    settings: {},
    ...overrides,
  };
}

const renderField = (readOnly = false) =>
  renderSprintUi(<IssueSprintField issueId="i1" workspaceId="w1" readOnly={readOnly} />);

describe("IssueSprintField", () => {
  beforeEach(installLayoutApis);
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("shows the issue's sprints by name beside the Sprints button", async () => {
    fakeSprintServer(server({ issue: { sprints: [active, later], predictedSprint: null } }));
    renderField();
    expect(await screen.findByText(active.name)).toBeInTheDocument();
    expect(screen.getByText("Hardening")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Sprints/ })).toHaveAttribute("aria-keyshortcuts", "S");
  });

  it("shows the next sprint badge without a second colon when automation fills it", async () => {
    fakeSprintServer(server());
    renderField();
    expect(await screen.findByText("Next Sprint: Dec 7 – Dec 20, 2026")).toBeInTheDocument();
  });

  it("shows 'Predicted: <name>' for a later sprint, or when automation is off", async () => {
    fakeSprintServer(server({ issue: { sprints: [], predictedSprint: later } }));
    renderField();
    expect(await screen.findByText("Predicted: Hardening")).toBeInTheDocument();
  });

  it("says 'No sprint assigned' with no sprint and no prediction", async () => {
    fakeSprintServer(server({ issue: { sprints: [], predictedSprint: null } }));
    renderField();
    expect(await screen.findByText("No sprint assigned")).toBeInTheDocument();
  });

  it("is disabled when the issue is read-only", async () => {
    fakeSprintServer(server());
    renderField(true);
    expect(await screen.findByRole("button", { name: /^Sprints/ })).toBeDisabled();
  });

  it("lists Open sprints first, Closed most recently ended first, marks the prediction and applies picks on close", async () => {
    const calls = fakeSprintServer(server());
    const user = userEvent.setup();
    renderField();
    await user.click(await screen.findByRole("button", { name: /^Sprints/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add this issue to any sprint" });
    expect(within(dialog).getByText("Add this issue to any sprint")).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText("Filter sprints")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Open", "Closed"]);
    const options = await within(dialog).findAllByRole("option");
    expect(options.map((option) => option.querySelector("span span")?.textContent)).toEqual([
      active.name,
      next.name,
      "Hardening",
    ]);
    expect(options[1]).toHaveTextContent("Next for this issue");
    expect(within(dialog).getByText("New sprints will be created continuously as each sprint ends")).toBeVisible();

    await user.click(within(dialog).getByRole("tab", { name: "Closed" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual([expect.stringContaining(closedNewer.name), expect.stringContaining(closedOlder.name)]),
    );
    expect(calls.find((call) => call.operation === "searchSprints")?.variables).toEqual({
      workspaceId: "w1",
      first: 100,
      after: null,
      filters: { state: { eq: "CLOSED" } },
      orderBy: { field: "END_AT", direction: "DESC" },
    });
    expect(calls.find((call) => call.operation === "getSprintConfig")?.variables).toMatchObject({ first: 8 });
    await user.click(within(dialog).getByRole("tab", { name: "Open" }));
    await user.click(await within(dialog).findByRole("option", { name: /Hardening/ }));
    expect(calls.some((call) => call.operation === "addIssuesToSprints")).toBe(false);

    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(calls).toContainEqual({
        operation: "addIssuesToSprints",
        variables: { issueIds: ["i1"], sprintIds: ["s3"] },
      }),
    );
    expect(await screen.findByText("Hardening")).toBeInTheDocument();
  });

  it("goes back and says so when the server refuses the change", async () => {
    fakeSprintServer(server({ issue: { sprints: [], predictedSprint: null }, failing: ["addIssuesToSprints"] }));
    const user = userEvent.setup();
    renderField();
    await user.click(await screen.findByRole("button", { name: /^Sprints/ }));
    await user.click(await screen.findByRole("option", { name: /Hardening/ }));
    await user.keyboard("{Escape}");
    expect(await screen.findByText(/The issue's sprints could not be changed/)).toBeInTheDocument();
    expect(await screen.findByText("No sprint assigned")).toBeInTheDocument();
  });

  it("opens with the S key unless the person is typing", async () => {
    fakeSprintServer(server());
    const user = userEvent.setup();
    renderField();
    await screen.findByText("Next Sprint: Dec 7 – Dec 20, 2026");
    await user.keyboard("s");
    expect(await screen.findByRole("dialog", { name: "Add this issue to any sprint" })).toBeInTheDocument();
  });

  it("offers sprint setup when the workspace has no sprints, and no footer", async () => {
    fakeSprintServer(
      server({
        workspace: { viewerPermission: "ADMIN", sprintConfig: null, activeSprint: null, openSprints: [] },
        closed: [],
        issue: { sprints: [], predictedSprint: null },
      }),
    );
    const user = userEvent.setup();
    renderField();
    await user.click(await screen.findByRole("button", { name: /^Sprints/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add this issue to any sprint" });
    expect(await within(dialog).findByText("No sprints found")).toBeInTheDocument();
    expect(within(dialog).queryByText("New sprints will be created continuously as each sprint ends")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Set up sprints" }));
    expect(await screen.findByRole("dialog", { name: "Set up sprints" })).toBeInTheDocument();
  });
});

describe("Predicted-sprints onboarding card", () => {
  beforeEach(installLayoutApis);
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("explains automation, links to help and opens the modal on the automation pipeline", async () => {
    fakeSprintServer(server());
    const user = userEvent.setup();
    renderField();
    const card = await screen.findByRole("region", { name: "Predicted sprints" });
    expect(within(card).getByText("New")).toBeInTheDocument();
    expect(card).toHaveTextContent(
      "This issue will be assigned to the above Sprint based on your current Backlog configuration.",
    );
    expect(card).toHaveTextContent("Modify Sprints to change your configuration.");
    expect(within(card).getByRole("link", { name: /Learn more/ })).toHaveAttribute("href", PREDICTED_SPRINTS_HELP_URL);
    await user.click(within(card).getByRole("button", { name: "Modify Sprints" }));
    const modal = await screen.findByRole("dialog", { name: "Sprints" });
    expect(modal.querySelector('[data-highlight="automation-pipelines"]')).toHaveAttribute("data-highlighted", "true");
  });

  it("says 'go to Modify Sprints' as plain text in the extension, where the modal is not at hand", async () => {
    fakeSprintServer(server());
    renderSprintUi(
      <ExtensionModeContext.Provider value={true}>
        <IssueSprintField issueId="i1" workspaceId="w1" readOnly={false} />
      </ExtensionModeContext.Provider>,
    );
    const card = await screen.findByRole("region", { name: "Predicted sprints" });
    expect(card).toHaveTextContent("or go to Modify Sprints to change your configuration.");
    expect(within(card).queryByRole("button", { name: /Modify Sprints/ })).toBeNull();
  });

  it("invites opting in when automation is off and highlights building from the backlog", async () => {
    fakeSprintServer(
      server({
        workspace: {
          viewerPermission: "ADMIN",
          sprintConfig: config(false),
          activeSprint: { id: active.id },
          openSprints: [active, next],
        },
      }),
    );
    const user = userEvent.setup();
    renderField();
    const card = await screen.findByRole("region", { name: "Predicted sprints" });
    expect(card).toHaveTextContent(
      "Issues will be moved to your Sprint Backlog automatically when you opt-in to automated Sprints.",
    );
    expect(card).toHaveTextContent("Modify Sprints to opt in.");
    await user.click(within(card).getByRole("button", { name: "Modify Sprints" }));
    const modal = await screen.findByRole("dialog", { name: "Sprints" });
    const highlighted = modal.querySelector('[data-highlight="build-from-backlog"]');
    expect(highlighted).toHaveAttribute("data-highlighted", "true");
    // The highlight shows the way in; it goes once the person acts in the modal.
    await user.click(within(modal).getByRole("checkbox", { name: /Move unfinished issues/ }));
    expect(highlighted).not.toHaveAttribute("data-highlighted");
  });

  it("is dismissed for good through predicted_sprint_selector_card_dismissed", async () => {
    const state = server();
    const calls = fakeSprintServer(state);
    const user = userEvent.setup();
    renderField();
    const card = await screen.findByRole("region", { name: "Predicted sprints" });
    await user.click(within(card).getByRole("button", { name: "Dismiss predicted sprints" }));
    expect(screen.queryByRole("region", { name: "Predicted sprints" })).toBeNull();
    await waitFor(() =>
      expect(calls).toContainEqual({
        operation: "SetUserSetting",
        variables: { name: PREDICTED_SPRINT_CARD_DISMISSED, value: true },
      }),
    );
  });

  it("is not shown once dismissed, nor when the issue has a sprint", async () => {
    fakeSprintServer(server({ settings: { [PREDICTED_SPRINT_CARD_DISMISSED]: true } }));
    renderField();
    await screen.findByText("Next Sprint: Dec 7 – Dec 20, 2026");
    expect(screen.queryByRole("region", { name: "Predicted sprints" })).toBeNull();
  });
});
