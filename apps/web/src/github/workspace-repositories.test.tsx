import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { importInSequence } from "./import-in-sequence";
import { WorkspaceRepositories } from "./WorkspaceRepositories";

const connected = {
  id: "r1",
  ghId: 11,
  name: "web-app",
  ownerName: "acme",
  htmlUrl: "https://hub.example/acme/web-app",
  import: { state: "DONE", importedCount: 2 },
  sync: {
    webhookInstalled: true,
    archived: false,
    lastDeliveryAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastDeliveryLagMs: 1_200,
    lastReconciledAt: null,
    lastError: "GitHub answered 502",
    lastErrorAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    rateLimit: { limit: 5000, remaining: 4321, resetAt: new Date(Date.now() + 30 * 60_000).toISOString() },
  },
  issues: {
    totalCount: 2,
    nodes: [
      {
        number: 1,
        title: "Login button misaligned",
        state: "OPEN",
        pullRequest: false,
        htmlUrl: "https://hub.example/acme/web-app/issues/1",
        labels: [{ name: "bug", color: "d73a4a" }],
        assignees: [],
      },
      {
        number: 2,
        title: "Fix login",
        state: "MERGED",
        pullRequest: true,
        htmlUrl: "https://hub.example/acme/web-app/pull/2",
        labels: [],
        assignees: [],
      },
    ],
  },
};

const options = [
  { ghId: 11, name: "web-app", ownerName: "acme", isPrivate: false, htmlUrl: "" },
  { ghId: 12, name: "api", ownerName: "acme", isPrivate: true, htmlUrl: "" },
  { ghId: 13, name: "notes", ownerName: "demo", isPrivate: false, htmlUrl: "" },
];

const gitHubUser = { ghId: 7, login: "octo", name: "Octo", avatarUrl: null };

function renderRepositories(
  answer: (call: GraphQLCall) => unknown,
  connectedAs: typeof gitHubUser | null = gitHubUser,
) {
  const result = renderWithGraphQL(
    <ToastProvider>
      <WorkspaceRepositories workspaceId="w1" canConnect />
    </ToastProvider>,
    {
      path: "/workspaces/w1",
      graphql: (call) => {
        if (call.operation === "workspaceRepositories")
          return {
            data: {
              workspace: {
                repositoriesConnection: {
                  nodes: [
                    { repository: connected },
                    { repository: { ...connected, id: "g1", ghId: null, name: "Launch" } },
                  ],
                },
              },
            },
          };
        if (call.operation === "githubRepositories") return { data: { viewer: { githubRepositories: options } } };
        if (call.operation === "githubUser") return { data: { viewer: { githubUser: connectedAs } } };
        return answer(call);
      },
    },
  );
  return { ...result, user: userEvent.setup() };
}

describe("workspace repositories", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows GitHub's rate-limit headroom and syncs again on request", async () => {
    const calls: GraphQLCall[] = [];
    const { user } = renderRepositories((call) => {
      calls.push(call);
      return { data: { reconcileRepository: { repository: { id: "r1" } } } };
    });
    const panel = await screen.findByRole("article", { name: "acme/web-app" });
    expect(within(panel).getByText(/4,321 of 5,000 left, renews/)).toBeVisible();
    await user.click(within(panel).getByRole("button", { name: "Sync now" }));
    expect(calls.find((call) => call.operation === "reconcileRepository")?.variables).toEqual({ repositoryId: "r1" });
  });

  it("shows each repository's import, sync health and issues", async () => {
    renderRepositories(() => ({ data: {} }));
    const panel = await screen.findByRole("article", { name: "acme/web-app" });
    // The workspace's Gantry repository (native issues) has nothing to import or sync.
    expect(screen.queryByRole("article", { name: "acme/Launch" })).toBeNull();
    expect(within(panel).getByText("Imported 2")).toBeVisible();
    expect(within(panel).getByText("Installed")).toBeVisible();
    expect(within(panel).getByText(/5 minutes ago/)).toBeVisible();
    expect(within(panel).getByText(/arrived 1\.2 s after the change/)).toBeVisible();
    expect(within(panel).getByText("Not yet")).toBeVisible();
    expect(within(panel).getByText(/GitHub answered 502/)).toBeVisible();
    const issues = within(panel).getByRole("list", { name: "Issues in acme/web-app" });
    expect(within(issues).getByRole("link", { name: "Login button misaligned" })).toBeVisible();
    expect(within(issues).getByLabelText("Open issue")).toBeInTheDocument();
    expect(within(issues).getByLabelText("Merged pull request")).toBeInTheDocument();
    expect(within(issues).getByText("bug")).toBeVisible();
  });

  it("offers to connect GitHub, not buttons that need it, to someone who has not connected it", async () => {
    renderRepositories(() => ({ data: {} }), null);
    expect(await screen.findByRole("button", { name: "Connect GitHub" })).toBeVisible();
    expect(
      screen.getByText("Connect your GitHub account to import its repositories into this workspace."),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Import repositories" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Create test repository" })).toBeNull();
  });

  it("names the import button by how many repositories are chosen", async () => {
    const { user } = renderRepositories(() => ({ data: {} }));
    await user.click(await screen.findByRole("button", { name: "Import repositories" }));
    const dialog = screen.getByRole("dialog", { name: "Import repositories" });
    await within(dialog).findByRole("option", { name: /acme\/api/ });
    expect(within(dialog).getByRole("button", { name: "Import" })).toBeDisabled();
    await user.click(within(dialog).getByRole("option", { name: /acme\/api/ }));
    expect(within(dialog).getByRole("button", { name: "Import repository" })).toBeEnabled();
  });

  it("imports the chosen repositories one at a time and names those that failed", async () => {
    const { user, calls } = renderRepositories((call) =>
      call.variables.repositoryGhId === "12"
        ? { errors: [{ message: "GitHub refused the request", extensions: { code: "RATE_LIMITED" } }] }
        : { data: { addRepositoryToWorkspace: { workspaceRepository: { repository: { id: "r3", name: "notes" } } } } },
    );
    await user.click(await screen.findByRole("button", { name: "Import repositories" }));
    const dialog = screen.getByRole("dialog", { name: "Import repositories" });
    // Already connected, acme/web-app is not offered.
    expect(await within(dialog).findByRole("option", { name: /acme\/api/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole("option", { name: /acme\/web-app/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("option", { name: /acme\/api/ }));
    await user.click(within(dialog).getByRole("option", { name: /demo\/notes/ }));
    await user.click(within(dialog).getByRole("button", { name: "Import 2 repositories" }));
    expect(
      await screen.findByText(
        "There was an error adding some repos to your workspace. The repositories that failed to load were: api.",
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.operation === "addRepositoryToWorkspace").map((call) => call.variables)).toEqual(
      [
        { workspaceId: "w1", repositoryGhId: "12" },
        { workspaceId: "w1", repositoryGhId: "13" },
      ],
    );
    // One of the two was added: the onboarding task connect_repository is marked.
    expect(calls.find((call) => call.operation === "SetUserSetting")?.variables).toEqual({
      name: "connect_repository",
      value: true,
    });
  });

  it("adds each repository only after the one before has answered", async () => {
    const order: string[] = [];
    const { failed } = await importInSequence(["a", "b"], async (name) => {
      order.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`end ${name}`);
    });
    expect(order).toEqual(["start a", "end a", "start b", "end b"]);
    expect(failed).toEqual([]);
  });
});
