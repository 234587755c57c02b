import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider, usePaletteCommands } from "../../shell/command-palette/command-registry";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { workspaceIssueAnswer } from "../../test/viewed-issue";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import type { ViewedIssue } from "../issue-api";
import { boardAndIssueRoutes } from "../issue-route-table";

const connection = <T,>(nodes: T[]) => ({ nodes, pageInfo: { hasNextPage: false, endCursor: null } });
const GANTRY_EPIC_ID = btoa("GantryEpic:e1");
const GITHUB_EPIC_ISSUE_ID = btoa("Issue:i4");

const viewed = (overrides: Partial<ViewedIssue> = {}): ViewedIssue => ({
  id: "i1",
  number: 1,
  title: "Checkout button does nothing on Safari 17",
  body: null,
  state: "OPEN",
  type: "GithubIssue",
  pullRequest: false,
  htmlUrl: "https://github.com/acme/web-app/issues/1",
  createdAt: "2025-01-02T10:00:00Z",
  viewerPermission: "WRITE",
  labels: [{ name: "bug", color: "d73a4a" }],
  gantryLabels: { nodes: [] },
  connectedPrs: { nodes: [] },
  assignees: [{ login: "mona", avatarUrl: null }],
  user: { login: "demo", avatarUrl: null },
  repository: { id: "repo-1", name: "web-app", ownerName: "acme", htmlUrl: "https://github.com/acme/web-app" },
  pipelineIssue: { pipeline: { id: "p1", name: "New Issues" }, priority: null },
  estimate: { value: 5 },
  milestone: null,
  sprints: { nodes: [] },
  releases: { nodes: [] },
  parentGantryEpics: { nodes: [] },
  parentEpics: { nodes: [] },
  parentIssue: null,
  blockingIssues: { nodes: [] },
  blockedIssues: { nodes: [] },
  ...overrides,
});

/** What the "?" sheet and the palette are offered while the viewer is open. */
function OfferedKeys() {
  const commands = usePaletteCommands().filter((command) => command.shortcut);
  return (
    <ul aria-label="Offered keys">
      {commands.map((command) => (
        <li key={command.id}>{`${command.shortcut} ${command.label}`}</li>
      ))}
    </ul>
  );
}

type Mutations = Record<string, (call: GraphQLCall) => unknown>;
const bulkDone = { successCount: 1, githubErrors: {} };

/** The issue's own page in workspace w1; `after` is what reading the issue again answers. */
function renderSidebar({
  issue = viewed(),
  after = issue,
  mutations = {},
  entry = "/workspaces/w1/issues/acme/web-app/1",
}: {
  issue?: ViewedIssue;
  after?: ViewedIssue;
  mutations?: Mutations;
  entry?: string;
} = {}) {
  let reads = 0;
  const graphql = (call: GraphQLCall) => {
    const mutation = mutations[call.operation];
    if (mutation) return mutation(call);
    switch (call.operation) {
      case "viewedWorkspaceIssue":
        reads += 1;
        return workspaceIssueAnswer(reads === 1 ? issue : after);
      case "viewedRepositoryIssue":
        reads += 1;
        return { data: { issue: reads === 1 ? issue : after } };
      case "boardPipelines":
        return {
          data: {
            workspace: {
              id: "w1",
              name: "Launch",
              viewerPermission: "WRITE",
              pipelines: [
                { id: "p1", name: "New Issues", description: null, issueCounts: {} },
                { id: "p2", name: "In Progress", description: null, issueCounts: {} },
              ],
            },
          },
        };
      case "workspacePriorities":
        return {
          data: {
            workspace: { prioritiesConnection: { nodes: [{ id: "pr1", name: "High priority", color: "#d1242f" }] } },
          },
        };
      case "sidebarMilestones":
        return {
          data: {
            issueByInfo: { repository: { milestones: connection([{ number: 3, title: "Launch week" }]) } },
          },
        };
      case "sidebarAssignableUsers":
        return {
          data: {
            issueByInfo: { repository: { assignableUsers: connection([{ login: "hubot", avatarUrl: null }]) } },
          },
        };
      case "issueEstimationVotes":
        return { data: { issueByInfo: { estimationVotes: { nodes: [] } } } };
      case "workspaceEstimateSet":
        return { data: { workspace: { estimateSet: { values: [1, 2, 4, 8] } } } };
      case "boardFilterOptions":
        return {
          data: {
            searchIssues: connection([
              { id: "i1", number: 1, title: "This very issue" },
              { id: "i9", number: 9, title: "Payment provider outage" },
            ]),
            workspace: {
              id: "w1",
              issueLabelOptions: connection([
                { name: "bug", color: "d73a4a" },
                { name: "ui", color: "0075ca" },
              ]),
              assignees: connection([{ login: "mona" }, { login: "hubot" }]),
              epics: connection([{ id: GITHUB_EPIC_ISSUE_ID, number: 4, title: "Payments epic" }]),
              releases: connection([{ id: "rel1", title: "v2.0", state: "OPEN" }]),
              gantryEpics: connection([{ id: GANTRY_EPIC_ID, title: "Checkout revamp", state: "OPEN" }]),
            },
          },
        };
      default:
        return { data: {} };
    }
  };
  const rendered = renderWithGraphQL(<h1>Workspace</h1>, {
    path: "/workspaces/:workspaceId",
    entry,
    graphql,
    extraRoutes: [
      {
        element: (
          <ToastProvider>
            <CommandRegistryProvider>
              <Outlet />
              <OfferedKeys />
            </CommandRegistryProvider>
          </ToastProvider>
        ),
        children: boardAndIssueRoutes,
      },
    ],
  });
  const sent = (operation: string) => rendered.calls.filter((call) => call.operation === operation);
  return { ...rendered, sent };
}

const fields = () => screen.findByRole("region", { name: "Fields" });
const fieldButton = async (name: string) => within(await fields()).getByRole("button", { name });
const picker = (title: string) => screen.findByRole("dialog", { name: title });
const rowOf = (button: HTMLElement) => button.closest("div") as HTMLElement;

describe("issue viewer sidebar", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows each field with its key, and moves the issue to the pipeline picked (P)", async () => {
    const { sent } = renderSidebar({
      after: viewed({ pipelineIssue: { pipeline: { id: "p2", name: "In Progress" }, priority: null } }),
      mutations: { movePipelineIssues: () => ({ data: { movePipelineIssues: bulkDone } }) },
    });
    const pipeline = await fieldButton("Pipeline");
    expect(pipeline).toHaveAttribute("aria-keyshortcuts", "P");
    expect(await fieldButton("Priority")).toHaveAttribute("aria-keyshortcuts", "Shift+P");
    expect(within(rowOf(pipeline)).getByText("New Issues")).toBeInTheDocument();

    await userEvent.keyboard("p");
    const list = await picker("Move this issue to a pipeline");
    await userEvent.click(within(list).getByRole("option", { name: "In Progress" }));
    await vi.waitFor(() => expect(within(rowOf(pipeline)).getByText("In Progress")).toBeInTheDocument());
    expect(sent("movePipelineIssues")[0]?.variables).toEqual({
      issueIds: ["i1"],
      pipelineId: "p2",
      position: "START",
      workspaceId: "w1",
    });
  });

  it("estimates from the point scale and clears the estimate (E)", async () => {
    const { sent } = renderSidebar({
      mutations: { setMultipleEstimates: () => ({ data: { setMultipleEstimates: bulkDone } }) },
    });
    const estimate = await fieldButton("Estimate");
    expect(within(rowOf(estimate)).getByText("5 points")).toBeInTheDocument();
    await userEvent.keyboard("e");
    const list = await picker("Estimate this issue");
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "No estimate",
      // The workspace's scale, with the issue's own 5 kept pickable.
      ...["1 point", "2 points", "4 points", "5 points", "8 points"],
    ]);
    await userEvent.click(within(list).getByRole("option", { name: "8 points" }));
    await vi.waitFor(() => expect(sent("setMultipleEstimates")).toHaveLength(1));
    expect(sent("setMultipleEstimates")[0]?.variables).toEqual({ issueIds: ["i1"], value: 8 });

    await userEvent.click(estimate);
    await userEvent.click(within(await picker("Estimate this issue")).getByRole("option", { name: "No estimate" }));
    await vi.waitFor(() => expect(sent("setMultipleEstimates")).toHaveLength(2));
    expect(sent("setMultipleEstimates")[1]?.variables).toEqual({ issueIds: ["i1"], value: null });
  });

  it("applies label picks when the list closes, a typed name included, and takes them back if GitHub refuses", async () => {
    const { sent } = renderSidebar({
      mutations: {
        addLabelsToIssues: () => ({
          data: { addLabelsToIssues: { successCount: 0, githubErrors: { i1: "GitHub is down" } } },
        }),
      },
    });
    const labels = await fieldButton("Labels");
    await userEvent.keyboard("l");
    const list = await picker("Apply labels to this issue");
    await userEvent.click(await within(list).findByRole("option", { name: "ui" }));
    await userEvent.type(within(list).getByRole("combobox"), "needs design{Enter}");
    expect(sent("addLabelsToIssues")).toHaveLength(0);
    await userEvent.keyboard("{Escape}");

    await vi.waitFor(() => expect(sent("addLabelsToIssues")).toHaveLength(1));
    expect(sent("addLabelsToIssues")[0]?.variables).toEqual({
      issueIds: ["i1"],
      labelInfos: [{ name: "ui" }, { name: "needs design" }],
    });
    expect(await screen.findByText("Labels was not changed: GitHub is down")).toBeInTheDocument();
    await vi.waitFor(() => expect(within(rowOf(labels)).queryByText("ui")).not.toBeInTheDocument());
    expect(within(rowOf(labels)).getByText("bug")).toBeInTheDocument();
  });

  it("unassigns someone unticked (A)", async () => {
    const { sent } = renderSidebar({
      after: viewed({ assignees: [] }),
      mutations: { removeAssigneesFromIssues: () => ({ data: { removeAssigneesFromIssues: bulkDone } }) },
    });
    const assignees = await fieldButton("Assignees");
    await userEvent.keyboard("a");
    const list = await picker("Assign people to this issue");
    await userEvent.click(await within(list).findByRole("option", { name: "mona" }));
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(within(rowOf(assignees)).getByText("No one assigned")).toBeInTheDocument());
    expect(sent("removeAssigneesFromIssues")[0]?.variables).toEqual({ issueIds: ["i1"], assigneeLogins: ["mona"] });
  });

  it("offers whoever the issue's repository can be assigned to, beside those assigned now (A)", async () => {
    const { sent } = renderSidebar({
      after: viewed({
        assignees: [
          { login: "mona", avatarUrl: null },
          { login: "hubot", avatarUrl: null },
        ],
      }),
      mutations: { addAssigneesToIssues: () => ({ data: { addAssigneesToIssues: bulkDone } }) },
    });
    const assignees = await fieldButton("Assignees");
    await userEvent.keyboard("a");
    const list = await picker("Assign people to this issue");
    await within(list).findByRole("option", { name: "hubot" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Mmona", "Hhubot"]);
    await userEvent.click(within(list).getByRole("option", { name: "hubot" }));
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(within(rowOf(assignees)).getByText("hubot")).toBeInTheDocument());
    expect(sent("sidebarAssignableUsers")[0]?.variables).toEqual({
      repositoryId: "repo-1",
      issueNumber: 1,
      query: null,
    });
    expect(sent("addAssigneesToIssues")[0]?.variables).toEqual({ issueIds: ["i1"], assigneeLogins: ["hubot"] });
  });

  it("creates a Gantry issue's milestone from the typed text and sets it, by keyboard (M)", async () => {
    const { sent } = renderSidebar({
      issue: viewed({ type: "GantryIssue" }),
      after: viewed({ type: "GantryIssue", milestone: { number: 4, title: "Launch" } }),
      mutations: {
        createMilestone: () => ({ data: { createMilestone: { milestone: { number: 4, title: "Launch" } } } }),
        setIssuesMilestone: () => ({ data: { setIssuesMilestone: bulkDone } }),
      },
    });
    const milestone = await fieldButton("Milestone");
    expect(milestone).toBeEnabled();
    await userEvent.keyboard("m");
    const list = await picker("Set this issue's milestone");
    const search = within(list).getByRole("combobox");
    // A title already listed, in any case, is picked rather than created again.
    await userEvent.type(search, "LAUNCH WEEK");
    await vi.waitFor(() => expect(sent("sidebarMilestones").at(-1)?.variables.query).toBe("LAUNCH WEEK"));
    await within(list).findByRole("option", { name: "Launch week" });
    expect(within(list).queryByRole("option", { name: /^Create milestone/ })).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, "Launch");
    const create = await within(list).findByRole("option", { name: "Create milestone “Launch”" });
    // The new option comes last: Up from no highlight reaches it, Enter picks it.
    await userEvent.keyboard("{ArrowUp}");
    expect(search).toHaveAttribute("aria-activedescendant", create.id);
    await userEvent.keyboard("{Enter}");
    await vi.waitFor(() => expect(sent("setIssuesMilestone")).toHaveLength(1));
    expect(sent("createMilestone")[0]?.variables).toEqual({ input: { repositoryId: "repo-1", title: "Launch" } });
    expect(sent("setIssuesMilestone")[0]?.variables).toEqual({ issueIds: ["i1"], milestoneNumber: 4 });
    await vi.waitFor(() => expect(within(rowOf(milestone)).getByText("Launch")).toBeInTheDocument());
  });

  it("offers no new milestone on a GitHub issue: GitHub's are made on GitHub", async () => {
    const { sent } = renderSidebar();
    await fieldButton("Milestone");
    await userEvent.keyboard("m");
    const list = await picker("Set this issue's milestone");
    await userEvent.type(within(list).getByRole("combobox"), "Launch");
    await vi.waitFor(() => expect(sent("sidebarMilestones").at(-1)?.variables.query).toBe("Launch"));
    await within(list).findByRole("option", { name: "Launch week" });
    expect(within(list).queryByRole("option", { name: /^Create milestone/ })).not.toBeInTheDocument();
  });

  it("sets the priority by the issue's repository and number (Shift+P)", async () => {
    const { sent } = renderSidebar({
      mutations: { setIssueInfoPriorities: () => ({ data: { setIssueInfoPriorities: { pipelineIssues: [] } } }) },
    });
    await fields();
    await userEvent.keyboard("{Shift>}P{/Shift}");
    const list = await picker("Set this issue's priority");
    await userEvent.click(await within(list).findByRole("option", { name: "High priority" }));
    await vi.waitFor(() => expect(sent("setIssueInfoPriorities")).toHaveLength(1));
    expect(sent("setIssueInfoPriorities")[0]?.variables).toEqual({
      input: { priorityId: "pr1", issues: [{ repositoryId: "repo-1", issueNumber: 1 }] },
    });
  });

  it("picks a parent among the workspace's other issues (U) and adds a Gantry epic (Shift+E)", async () => {
    const { sent } = renderSidebar({
      mutations: {
        addSubIssues: () => ({ data: { addSubIssues: { ...bulkDone, failedIssues: [] } } }),
        addIssuesToEpics: () => ({ data: { addIssuesToEpics: { ...bulkDone, failedIssues: [] } } }),
        addIssuesToGantryEpics: () => ({ data: { addIssuesToGantryEpics: { ...bulkDone, failedIssues: [] } } }),
      },
    });
    await fields();
    await userEvent.keyboard("u");
    const parents = await picker("Make this a sub-issue of");
    await within(parents).findByRole("option", { name: "#9 Payment provider outage" });
    // An issue cannot be its own parent.
    expect(within(parents).queryByRole("option", { name: "#1 This very issue" })).not.toBeInTheDocument();
    await userEvent.click(within(parents).getByRole("option", { name: "#9 Payment provider outage" }));
    await vi.waitFor(() => expect(sent("addSubIssues")).toHaveLength(1));
    expect(sent("addSubIssues")[0]?.variables).toEqual({ parentId: "i9", childIssueIds: ["i1"], replaceParent: true });

    await userEvent.keyboard("{Shift>}E{/Shift}");
    const epics = await picker("Add this issue to epics");
    await userEvent.click(await within(epics).findByRole("option", { name: "Checkout revamp" }));
    await userEvent.click(within(epics).getByRole("option", { name: "Payments epic #4" }));
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(sent("addIssuesToGantryEpics")).toHaveLength(1));
    expect(sent("addIssuesToGantryEpics")[0]?.variables).toEqual({ issueIds: ["i1"], gantryEpicIds: [GANTRY_EPIC_ID] });
    // A GitHub epic is picked as its issue and named as an Epic.
    expect(sent("addIssuesToEpics")[0]?.variables).toEqual({ issueIds: ["i1"], epicIds: [btoa("Epic:i4")] });
  });

  it("adds a blocker (B) and a blocked issue (Shift+B) as dependencies in the workspace", async () => {
    const { sent } = renderSidebar({
      mutations: { createBlockage: () => ({ data: { createBlockage: { blockage: { id: "b1" } } } }) },
    });
    await fields();
    await userEvent.keyboard("b");
    await userEvent.click(
      await within(await picker("Issues blocking this one")).findByRole("option", {
        name: "#9 Payment provider outage",
      }),
    );
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(sent("createBlockage")).toHaveLength(1));
    expect(sent("createBlockage")[0]?.variables).toEqual({
      blocking: { id: "i9", type: "ISSUE" },
      blocked: { id: "i1", type: "ISSUE" },
      workspaceId: "w1",
    });

    await userEvent.keyboard("{Shift>}B{/Shift}");
    await userEvent.click(
      await within(await picker("Issues this one blocks")).findByRole("option", { name: "#9 Payment provider outage" }),
    );
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(sent("createBlockage")).toHaveLength(2));
    expect(sent("createBlockage")[1]?.variables).toEqual({
      blocking: { id: "i1", type: "ISSUE" },
      blocked: { id: "i9", type: "ISSUE" },
      workspaceId: "w1",
    });
  });

  it("adds the issue to a release (R)", async () => {
    const { sent } = renderSidebar({
      after: viewed({ releases: { nodes: [{ id: "rel1", title: "v2.0" }] } }),
      mutations: {
        addIssuesToReleases: () => ({ data: { addIssuesToReleases: { ...bulkDone, failedIssues: [] } } }),
      },
    });
    const release = await fieldButton("Release");
    await userEvent.keyboard("r");
    await userEvent.click(
      await within(await picker("Add this issue to releases")).findByRole("option", { name: "v2.0" }),
    );
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(within(rowOf(release)).getByRole("link", { name: "v2.0" })).toBeInTheDocument());
    expect(sent("addIssuesToReleases")[0]?.variables).toEqual({ input: { issueIds: ["i1"], releaseIds: ["rel1"] } });
  });

  it("sets a milestone of the issue's own repository by its number (M)", async () => {
    const { sent } = renderSidebar({
      after: viewed({ milestone: { number: 3, title: "Launch week" } }),
      mutations: { setIssuesMilestone: () => ({ data: { setIssuesMilestone: bulkDone } }) },
    });
    const milestone = await fieldButton("Milestone");
    await userEvent.keyboard("m");
    await userEvent.click(
      await within(await picker("Set this issue's milestone")).findByRole("option", { name: "Launch week" }),
    );
    await vi.waitFor(() => expect(within(rowOf(milestone)).getByText("Launch week")).toBeInTheDocument());
    expect(sent("sidebarMilestones")[0]?.variables).toEqual({ repositoryId: "repo-1", issueNumber: 1, query: null });
    expect(sent("setIssuesMilestone")[0]?.variables).toEqual({ issueIds: ["i1"], milestoneNumber: 3 });
  });

  it("says why a dependency was refused and shows none", async () => {
    const refusal = "This dependency would create a cycle: #9 already depends on #1.";
    renderSidebar({
      mutations: {
        createBlockage: () => ({ errors: [{ message: refusal, extensions: { code: "BAD_USER_INPUT" } }] }),
      },
    });
    const blockedBy = await fieldButton("Blocked by");
    await userEvent.click(blockedBy);
    await userEvent.click(
      await within(await picker("Issues blocking this one")).findByRole("option", {
        name: "#9 Payment provider outage",
      }),
    );
    await userEvent.keyboard("{Escape}");
    expect(await screen.findByText(`Blocked by was not changed: ${refusal}`)).toBeInTheDocument();
    await vi.waitFor(() => expect(within(rowOf(blockedBy)).getByText("Nothing blocks this issue")).toBeInTheDocument());
  });

  it("offers every field's key to the shortcut sheet and the palette, the sprint selector's S included", async () => {
    renderSidebar();
    await fields();
    const offered = within(screen.getByRole("list", { name: "Offered keys" }));
    await vi.waitFor(() => expect(offered.getAllByRole("listitem")).toHaveLength(12));
    expect(offered.getByText("S Add this issue to any sprint")).toBeInTheDocument();
    expect(offered.getByText("Shift+B Issues this one blocks")).toBeInTheDocument();
  });

  it("disables every field for a reader, and keys open nothing", async () => {
    renderSidebar({ issue: viewed({ viewerPermission: "READ" }) });
    const region = await fields();
    for (const button of within(region).getAllByRole("button")) expect(button).toBeDisabled();
    expect(rowOf(await fieldButton("Pipeline")).querySelector("[title]")).toHaveAttribute(
      "title",
      "You can read this issue but not change it.",
    );
    await userEvent.keyboard("p");
    expect(screen.queryByRole("dialog", { name: "Move this issue to a pipeline" })).not.toBeInTheDocument();
  });

  it("seen with no workspace, shows no pipeline or priority and says where the fields can be changed", async () => {
    renderSidebar({ issue: viewed({ pipelineIssue: undefined }), entry: "/issues/acme/web-app/1" });
    const region = await fields();
    expect(within(region).queryByRole("button", { name: "Pipeline" })).not.toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: "Priority" })).not.toBeInTheDocument();
    const estimate = within(region).getByRole("button", { name: "Estimate" });
    expect(estimate).toBeDisabled();
    expect(estimate).toHaveAttribute("title", "Open this issue from its workspace's board to change it.");
    expect(within(rowOf(estimate)).getByText("5 points")).toBeInTheDocument();
    await userEvent.keyboard("e");
    expect(screen.queryByRole("dialog", { name: "Estimate this issue" })).not.toBeInTheDocument();
  });

  it("shows the issue's Gantry labels (ZenHub's issue labels) apart from its GitHub labels, and none when it has none", async () => {
    const gantryLabels = { nodes: [{ id: "gl1", name: "tech-debt", color: "#e5a00d" }] };
    renderSidebar({ issue: viewed({ gantryLabels }) });
    const shown = within(await fields()).getByRole("list", { name: "Gantry labels" });
    expect(shown).toHaveTextContent("tech-debt");
    expect(shown).not.toHaveTextContent("bug");
    cleanup();
    renderSidebar();
    await within(await fields()).findByRole("button", { name: "Labels" });
    expect(screen.queryByText("Gantry labels")).not.toBeInTheDocument();
  });

  it("lists the pull requests connected to the issue as links to GitHub with their state, and nothing when there are none", async () => {
    const connectedPrs = {
      nodes: [
        {
          id: "pr9",
          number: 9,
          title: "Fix Safari click handler",
          state: "MERGED" as const,
          htmlUrl: "https://github.com/acme/web-app/pull/9",
          repository: { name: "web-app" },
        },
      ],
    };
    renderSidebar({ issue: viewed({ connectedPrs }) });
    const shown = within(await fields()).getByRole("list", { name: "Connected pull requests" });
    const link = within(shown).getByRole("link", { name: "web-app#9 Fix Safari click handler" });
    expect(link).toHaveAttribute("href", "https://github.com/acme/web-app/pull/9");
    expect(within(shown).getByText("Merged")).toBeInTheDocument();
    cleanup();
    renderSidebar();
    await within(await fields()).findByRole("button", { name: "Labels" });
    expect(screen.queryByRole("list", { name: "Connected pull requests" })).not.toBeInTheDocument();
  });

  it("notes a parent or dependency with a Gantry issue as kept in Gantry, and not one between GitHub issues", async () => {
    renderSidebar({
      issue: viewed({
        parentIssue: { id: "i7", number: 7, title: "Gantry epic", type: "GantryIssue" },
        blockingIssues: { nodes: [{ id: "i8", number: 8, title: "Card vault", type: "GithubIssue" }] },
      }),
    });
    const region = await fields();
    const parent = rowOf(within(region).getByRole("button", { name: "Parent issue" }));
    expect(within(parent).getByText("#7 Gantry epic")).toBeInTheDocument();
    expect(within(parent).getByText("Gantry only")).toBeInTheDocument();
    const blockedBy = rowOf(within(region).getByRole("button", { name: "Blocked by" }));
    expect(within(blockedBy).getByText("#8 Card vault")).toBeInTheDocument();
    expect(within(blockedBy).queryByText("Gantry only")).not.toBeInTheDocument();
  });

  it("leaves keys typed into a text field alone", async () => {
    renderSidebar();
    await fields();
    const input = document.createElement("input");
    document.body.append(input);
    input.focus();
    await userEvent.keyboard("p");
    expect(screen.queryByRole("dialog", { name: "Move this issue to a pipeline" })).not.toBeInTheDocument();
    input.remove();
  });
});
