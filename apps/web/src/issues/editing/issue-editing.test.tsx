import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider } from "../../shell/command-palette/command-registry";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { workspaceIssueAnswer } from "../../test/viewed-issue";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import type { ViewedIssue } from "../issue-api";
import { boardAndIssueRoutes } from "../issue-route-table";
import type { IssueCommentView, TimelineItemView } from "./issue-editing-api";
import { timelineText } from "./timeline-text";

const nativeIssue = (overrides: Partial<ViewedIssue> = {}): ViewedIssue => ({
  id: "SXNzdWU6MQ==",
  number: 7,
  title: "Write the docs",
  body: "Old *body*",
  state: "OPEN",
  type: "GantryIssue",
  pullRequest: false,
  htmlUrl: "",
  createdAt: "2026-11-20T10:00:00Z",
  labels: [],
  gantryLabels: { nodes: [] },
  connectedPrs: { nodes: [] },
  assignees: [],
  user: { login: "demo", avatarUrl: null },
  repository: { id: "UmVwb3NpdG9yeToy", name: "gantry", ownerName: "gantry", htmlUrl: "" },
  viewerPermission: "WRITE",
  pipelineIssue: null,
  estimate: null,
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

const comment: IssueCommentView = {
  id: "Q29tbWVudDox",
  body: "Looks **good**",
  author: { name: "Mona Lisa", login: "mona", avatarUrl: null },
  createdAt: "2026-11-21T10:00:00Z",
  lastEditedAt: null,
  viewerCanEdit: true,
};
const events: TimelineItemView[] = [
  {
    id: "e1",
    field: "pipeline",
    from: "New Issues",
    to: "Backlog",
    source: "GANTRY",
    actor: "Demo",
    createdAt: "2026-11-20T12:00:00Z",
  },
  {
    id: "e2",
    field: "labels",
    from: null,
    to: "bug",
    source: "GITHUB",
    actor: "octocat",
    createdAt: "2026-11-22T12:00:00Z",
  },
];

/** A server holding one native issue: edits change what the next read answers. */
function server(initial = nativeIssue(), failing: Record<string, string> = {}) {
  let issue = initial;
  let comments = [comment];
  return (call: GraphQLCall) => {
    const refusal = failing[call.operation];
    if (refusal) return { errors: [{ message: refusal, extensions: { code: "BAD_USER_INPUT" } }] };
    switch (call.operation) {
      case "viewedWorkspaceIssue":
        return workspaceIssueAnswer(issue);
      case "issueComments":
        return { data: { issue: { comments: { nodes: comments } } } };
      case "issueTimeline":
        return { data: { issue: { timelineItems: { nodes: events } } } };
      case "issueEstimationVotes":
        return { data: { issueByInfo: { estimationVotes: { nodes: [] } } } };
      case "updateIssue": {
        const input = call.variables.input as { title?: string; body?: string };
        issue = { ...issue, ...input };
        return { data: { updateIssue: { issue: { id: issue.id } } } };
      }
      case "closeIssues":
        issue = { ...issue, state: "CLOSED" };
        return { data: { closeIssues: { githubErrors: {} } } };
      case "reopenIssues":
        issue = { ...issue, state: "OPEN" };
        return { data: { reopenIssues: { githubErrors: {} } } };
      case "createComment":
        comments = [
          ...comments,
          { ...comment, id: "c2", body: String(call.variables.body), createdAt: "2026-11-23T08:00:00Z" },
        ];
        return { data: { createComment: { comment: { id: "c2" } } } };
      case "deleteGantryIssue":
        return { data: { deleteGantryIssue: { issueId: issue.id } } };
      default:
        return { data: {} };
    }
  };
}

function renderIssue(graphql = server()) {
  return renderWithGraphQL(<h1>Workspace</h1>, {
    path: "/workspaces/:workspaceId",
    entry: "/workspaces/w1/issues/7",
    graphql,
    extraRoutes: [
      {
        element: (
          <ToastProvider>
            <CommandRegistryProvider>
              <Outlet />
            </CommandRegistryProvider>
          </ToastProvider>
        ),
        children: boardAndIssueRoutes,
      },
    ],
  });
}

const ofOperation = (calls: GraphQLCall[], name: string) =>
  calls.filter((call) => call.operation === name).map((call) => call.variables);

describe("editing an issue in the viewer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("edits the title in place: an empty title is refused with the server's words, Enter saves", async () => {
    const { calls } = renderIssue();
    await userEvent.click(await screen.findByRole("button", { name: "Edit title" }));
    const input = screen.getByRole("textbox", { name: "Title" });
    await userEvent.clear(input);
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent("An issue needs a title.");
    expect(ofOperation(calls, "updateIssue")).toEqual([]);
    await userEvent.type(input, "  Write the user guide {Enter}");
    expect(await screen.findByRole("heading", { name: "Write the user guide" })).toBeInTheDocument();
    expect(ofOperation(calls, "updateIssue")).toEqual([
      { input: { issueId: "SXNzdWU6MQ==", title: "Write the user guide" } },
    ]);
  });

  it("Escape leaves the title as it was", async () => {
    renderIssue();
    await userEvent.click(await screen.findByRole("button", { name: "Edit title" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), " more{Escape}");
    expect(screen.getByRole("heading", { name: "Write the docs" })).toBeInTheDocument();
  });

  it("edits the body with a Markdown preview rendered safely", async () => {
    const { calls } = renderIssue();
    await userEvent.click(await screen.findByRole("button", { name: "Edit description" }));
    const text = screen.getByRole("textbox", { name: "Description" });
    await userEvent.clear(text);
    await userEvent.type(text, "New **plan**<script>window.hacked = 1</script>");
    const description = screen.getByRole("region", { name: "Description" });
    await userEvent.click(within(description).getByRole("tab", { name: "Preview" }));
    const preview = within(description).getByRole("tabpanel");
    expect(within(preview).getByText("plan").tagName).toBe("STRONG");
    expect(preview.querySelector("script")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(within(description).queryByRole("tab")).toBeNull());
    expect(within(description).getByText("plan").tagName).toBe("STRONG");
    expect(ofOperation(calls, "updateIssue")[0]).toEqual({
      input: { issueId: "SXNzdWU6MQ==", body: "New **plan**<script>window.hacked = 1</script>" },
    });
  });

  it("says why the server refused an edit and keeps the draft", async () => {
    renderIssue(server(nativeIssue(), { updateIssue: "Titles are at most 256 characters." }));
    await userEvent.click(await screen.findByRole("button", { name: "Edit title" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "!{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("Titles are at most 256 characters.");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Write the docs!");
  });

  it("closes and reopens the issue", async () => {
    const { calls } = renderIssue();
    await userEvent.click(await screen.findByRole("button", { name: "Close issue" }));
    await userEvent.click(await screen.findByRole("button", { name: "Reopen issue" }));
    expect(await screen.findByRole("button", { name: "Close issue" })).toBeInTheDocument();
    expect(ofOperation(calls, "closeIssues")).toEqual([{ issueIds: ["SXNzdWU6MQ=="] }]);
    expect(ofOperation(calls, "reopenIssues")).toEqual([{ issueIds: ["SXNzdWU6MQ=="] }]);
  });

  it("deletes a native issue only after confirming, then goes back to the board", async () => {
    const { calls, router } = renderIssue();
    await userEvent.click(await screen.findByRole("button", { name: "Delete issue" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete issue #7?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(ofOperation(calls, "deleteGantryIssue")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Delete issue" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete issue #7?" })).getByRole("button", {
        name: "Delete issue",
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/workspaces/w1/board"));
    expect(ofOperation(calls, "deleteGantryIssue")).toEqual([{ issueId: "SXNzdWU6MQ==" }]);
  });

  it("offers no Delete for a GitHub issue and no editing to a reader", async () => {
    renderIssue(server(nativeIssue({ type: "GithubIssue", viewerPermission: "READ" })));
    expect(await screen.findByRole("heading", { name: "Write the docs" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit title" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Close issue|Delete issue/ })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Comment" })).toBeNull();
  });

  it("interleaves comments and changes by time, and adds a comment", async () => {
    const { calls } = renderIssue();
    const activity = await screen.findByRole("region", { name: "Activity" });
    await within(activity).findByText("Looks");
    const items = within(activity).getAllByRole("listitem");
    expect(items.map((item) => item.textContent?.replace(/ · .*$/, ""))).toEqual([
      "Demo moved this from New Issues to Backlog",
      expect.stringContaining("Mona Lisa"),
      "octocat added the label bug on GitHub",
    ]);
    await userEvent.click(within(activity).getByRole("button", { name: "Comment" }));
    expect(within(activity).getByRole("alert")).toHaveTextContent("A comment cannot be empty.");
    await userEvent.type(within(activity).getByRole("textbox", { name: "Comment" }), "Done in #8");
    await userEvent.click(within(activity).getByRole("button", { name: "Comment" }));
    expect(await within(activity).findByText("Done in #8")).toBeInTheDocument();
    expect(ofOperation(calls, "createComment")).toEqual([{ commentableId: "SXNzdWU6MQ==", body: "Done in #8" }]);
    expect(within(activity).getByRole("textbox", { name: "Comment" })).toHaveValue("");
  });
});

describe("timeline wording", () => {
  it("reads each kind of change", () => {
    expect(timelineText({ field: "created", from: null, to: "issue" })).toBe("opened this issue");
    expect(timelineText({ field: "created", from: null, to: "pull request" })).toBe("opened this pull request");
    expect(timelineText({ field: "title", from: "A", to: "B" })).toBe("changed the title from “A” to “B”");
    expect(timelineText({ field: "title", from: null, to: "B" })).toBe("changed the title to “B”");
    expect(timelineText({ field: "state", from: "open", to: "closed" })).toBe("closed this");
    expect(timelineText({ field: "state", from: "closed", to: "open" })).toBe("reopened this");
    expect(timelineText({ field: "assignees", from: "mona", to: null })).toBe("unassigned mona");
    expect(timelineText({ field: "estimate", from: null, to: "5" })).toBe("set the estimate to 5");
    expect(timelineText({ field: "estimate", from: "3", to: "5" })).toBe("changed the estimate from 3 to 5");
    expect(timelineText({ field: "estimate", from: "3", to: null })).toBe("removed the estimate 3");
    expect(timelineText({ field: "sprint", from: null, to: "Sprint 4" })).toBe("added this to the sprint Sprint 4");
    expect(timelineText({ field: "blocking", from: null, to: "#5 Login" })).toBe("marked this as blocked by #5 Login");
    expect(timelineText({ field: "blocked", from: "#6 Docs", to: null })).toBe("removed the block on #6 Docs");
  });
});
