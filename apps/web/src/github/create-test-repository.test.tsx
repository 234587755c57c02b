import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { CreateTestRepositoryButton } from "./CreateTestRepositoryButton";

const accounts = {
  data: {
    viewer: {
      githubUser: { ghId: 1, login: "demo", name: "Dana Demo", avatarUrl: null },
      githubOrganizations: [{ ghId: 10, login: "acme", avatarUrl: "https://hub.example/avatars/acme" }],
    },
  },
};

function renderCreator(answer: (call: GraphQLCall) => unknown, workspaceId: string | null = "w1") {
  const result = renderWithGraphQL(
    <ToastProvider>
      <CreateTestRepositoryButton workspaceId={workspaceId} />
    </ToastProvider>,
    {
      path: "/workspaces/w1",
      graphql: (call) => (call.operation === "githubAccounts" ? accounts : answer(call)),
    },
  );
  return { ...result, user: userEvent.setup() };
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Create test repository" }));
  const dialog = screen.getByRole("dialog", { name: "Create test repository" });
  await within(dialog).findByText("@demo", { selector: "span" });
  return dialog;
}

describe("Create test repository modal (SPEC §2, §4, §5, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the fields as written, Private by default, and Create disabled until a name is typed", async () => {
    const { user } = renderCreator(() => ({ data: {} }));
    const dialog = await openModal(user);
    const name = within(dialog).getByLabelText("Repository name");
    expect(name).toHaveAttribute("placeholder", "E.g. scaling-computing-machine");
    expect(within(dialog).getByText("Use a hyphen (-) or an underscore (_) to seperate each word")).toBeVisible();
    expect(within(dialog).getByLabelText(/Description/)).toHaveAttribute("placeholder", "Add a description");
    expect(within(dialog).getByRole("radio", { name: "Private" })).toBeChecked();
    expect(within(dialog).getByText("You choose who can see and commit to this repository.")).toBeVisible();
    expect(within(dialog).getByText("Anyone on the internet can see this repository.")).toBeVisible();
    const create = within(dialog).getByRole("button", { name: "Create test repository" });
    expect(create).toBeDisabled();
    await user.type(name, "  notes ");
    expect(name).toHaveValue("notes");
    expect(create).toBeEnabled();
  });

  it("shows a taken name under the field and clears it on edit", async () => {
    const { user } = renderCreator(() => ({
      errors: [{ message: "GitHub refused the request: name already exists on this account" }],
    }));
    const dialog = await openModal(user);
    const name = within(dialog).getByLabelText("Repository name");
    await user.type(name, "notes");
    await user.click(within(dialog).getByRole("button", { name: "Create test repository" }));
    expect(
      await within(dialog).findByText("This repository notes already exists on this GitHub organization"),
    ).toBeVisible();
    await user.type(name, "-2");
    expect(within(dialog).queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it("shows the general error for any other refusal", async () => {
    const { user } = renderCreator(() => ({ errors: [{ message: "GitHub did not answer." }] }));
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText("Repository name"), "notes");
    await user.click(within(dialog).getByRole("button", { name: "Create test repository" }));
    expect(
      await within(dialog).findByText("There was an error creating your GitHub repository, please try again"),
    ).toBeVisible();
  });

  it("creates under an organisation with its id, adds the repository to the workspace, toasts, and resets", async () => {
    const { user, calls } = renderCreator((call) =>
      call.operation === "createGitHubRepository"
        ? { data: { createGitHubRepository: { repository: { ghId: 99, name: "sandbox" } } } }
        : {
            data: { addRepositoryToWorkspace: { workspaceRepository: { repository: { id: "r1", name: "sandbox" } } } },
          },
    );
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole("button", { name: /GitHub organization/ }));
    await user.click(await screen.findByRole("option", { name: "acme" }));
    await user.type(within(dialog).getByLabelText("Repository name"), "sandbox");
    await user.click(within(dialog).getByRole("radio", { name: "Public" }));
    await user.click(within(dialog).getByRole("button", { name: "Create test repository" }));
    expect(await screen.findByText("[sandbox] test repository was created successfully")).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.operation === "createGitHubRepository")?.variables).toEqual({
      name: "sandbox",
      private: false,
      description: null,
      organizationGhId: "10",
    });
    expect(calls.find((call) => call.operation === "addRepositoryToWorkspace")?.variables).toEqual({
      workspaceId: "w1",
      repositoryGhId: "99",
    });
    // SPEC §4: the onboarding task connect_repository is marked.
    expect(calls.find((call) => call.operation === "SetUserSetting")?.variables).toEqual({
      name: "connect_repository",
      value: true,
    });
    // Reopened, the modal is back to its defaults.
    await user.click(screen.getByRole("button", { name: "Create test repository" }));
    expect(screen.getByLabelText("Repository name")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Private" })).toBeChecked();
  });

  it("sends no organisation id for the user's own account, and adds nowhere without a workspace", async () => {
    const { user, calls } = renderCreator(
      () => ({ data: { createGitHubRepository: { repository: { ghId: 5, name: "notes-2" } } } }),
      null,
    );
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText("Repository name"), "notes-2");
    await user.click(within(dialog).getByRole("button", { name: "Create test repository" }));
    await screen.findByText("[notes-2] test repository was created successfully");
    expect(calls.find((call) => call.operation === "createGitHubRepository")?.variables).toMatchObject({
      organizationGhId: null,
    });
    expect(calls.some((call) => call.operation === "addRepositoryToWorkspace")).toBe(false);
  });
});
