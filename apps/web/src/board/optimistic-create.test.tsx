import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { layOutBoxes } from "../test/browser-apis";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { BoardPage } from "./BoardPage";
import type { BoardIssue } from "./board-issue";

const counts = { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 };
const created: BoardIssue = {
  id: "SXNzdWU6OQ==",
  number: 9,
  title: "Draft the press kit",
  state: "OPEN",
  pullRequest: false,
  htmlUrl: "http://localhost/workspaces/w1/issues/9",
  labels: [],
  assignees: [],
  user: { login: "demo" },
  type: "GantryIssue",
};

/** A board whose createIssue answers when `answer` is resolved, so the card can be seen before. */
function board(answer: Promise<unknown>): GraphQLHandler {
  return (call) => {
    switch (call.operation) {
      case "boardPipelines":
        return {
          data: {
            workspace: {
              id: "w1",
              name: "Launch",
              viewerPermission: "WRITE",
              pipelines: [{ id: "p1", name: "New Issues", description: null, issueCounts: counts }],
            },
          },
        };
      case "boardPipelineIssues":
        return { data: { searchIssuesByPipeline: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } };
      case "createIssueOptions":
        return {
          data: {
            workspace: {
              gantryRepository: { id: "R1", name: "gantry", ownerName: "launch", ghId: null },
              repositoriesConnection: { nodes: [] },
            },
          },
        };
      case "createIssue":
        return answer;
      default:
        return { data: {} };
    }
  };
}

async function createFromDialog(graphql: GraphQLHandler) {
  renderWithGraphQL(
    <ToastProvider>
      <CommandRegistryProvider>
        <BoardPage />
      </CommandRegistryProvider>
    </ToastProvider>,
    { path: "/workspaces/:workspaceId/board", entry: "/workspaces/w1/board", graphql },
  );
  await userEvent.click(await screen.findByRole("button", { name: "New issue" }));
  const dialog = await screen.findByRole("dialog", { name: "New issue" });
  await within(dialog).findByRole("option", { name: /launch\/gantry/ });
  await userEvent.type(within(dialog).getByLabelText("Title"), "Draft the press kit");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create issue" }));
  return screen.getByRole("region", { name: "New Issues" });
}

describe("optimistic issue creation", () => {
  layOutBoxes({ boxSize: 600 });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the card at once, before the server answers, and then the real issue", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const column = await createFromDialog(board(new Promise((resolve) => (answer = resolve))));
    expect(screen.queryByRole("dialog", { name: "New issue" })).toBeNull();
    // Not a link yet: the issue has no page until the server has created it.
    const pending = await within(column).findByText("Draft the press kit");
    expect(pending).toHaveAttribute("aria-disabled", "true");
    expect(pending).not.toHaveAttribute("href");
    answer({ data: { createIssue: { issue: { ...created, place: { pipeline: { id: "p1" } } } } } });
    await vi.waitFor(() =>
      expect(within(column).getByRole("link", { name: "Draft the press kit" })).toHaveAttribute(
        "href",
        created.htmlUrl,
      ),
    );
    expect(within(column).getAllByRole("link", { name: "Draft the press kit" })).toHaveLength(1);
  });

  it("takes the card away and says why when the server refuses", async () => {
    const refusal = Promise.resolve({
      errors: [
        { message: "You do not have permission to do this in this workspace.", extensions: { code: "FORBIDDEN" } },
      ],
    });
    const column = await createFromDialog(board(refusal));
    expect(
      await screen.findByText(/We couldn't create the issue “Draft the press kit”: You do not have permission/),
    ).toBeInTheDocument();
    expect(within(column).queryByText("Draft the press kit")).toBeNull();
  });
});
