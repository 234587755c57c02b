import type { Engine, WorkspacePermission } from "@gantry/db";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "./app.js";
import { createOrganization, createWorkspace, field, gql, joinWorkspace, type TestUser } from "./factories.js";
import { continueWithGitHub, freePort, startHub } from "./hub.js";

export interface BoardFixture {
  t: TestApp;
  hub: HubSandbox;
  /** demo, signed in with GitHub: owner of the organisation and admin of acme on the sandbox. */
  demo: TestUser;
  organization: string;
  workspace: string;
  /** Someone else signing in with GitHub as `login`. */
  signIn(login: string): Promise<TestUser>;
  /** Someone signing in with GitHub as `login`, then a member of the organisation with `permission` in the workspace. */
  joinWorkspace(login: string, permission: WorkspacePermission): Promise<TestUser>;
  /** The global id of acme/web-app's issue `number`, as the workspace shows it. */
  webAppIssue(number: number): Promise<string>;
  close(): Promise<void>;
}

/** A listening app beside a hub sandbox, with a workspace whose board shows acme/web-app, imported. */
export async function boardWithWebApp(engine: Engine): Promise<BoardFixture> {
  const started = await startHub();
  const hub = started.hub;
  const port = await freePort();
  const t = await createTestApp(
    { PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
    { engine, mailer: new OutboxMailer(), github: started.github },
  );
  await t.app.listen({ port, host: "127.0.0.1" });
  const signIn = async (login: string): Promise<TestUser> => {
    const { token } = await continueWithGitHub(t, hub, login);
    const viewer = field<{ id: string; email: string }>(await gql(t, token, "{ viewer { id email } }"), "viewer");
    return { ...viewer, userId: decodeGlobalID(viewer.id).id, token: token ?? "" };
  };
  const demo = await signIn("demo");
  const organization = await createOrganization(t, demo);
  const workspace = await createWorkspace(t, demo, organization);
  await showWebApp(t, hub, demo, workspace);
  return {
    t,
    hub,
    demo,
    organization,
    workspace,
    signIn,
    joinWorkspace: async (login, permission) => {
      const user = await signIn(login);
      await joinWorkspace(t, { organization, workspace }, user, permission);
      return user;
    },
    webAppIssue: async (number) =>
      field<{ id: string }>(
        await gql(
          t,
          demo.token,
          `query ($w: ID!, $n: Int!) { workspaceIssue(workspaceId: $w, repositoryOwner: "acme", repositoryName: "web-app", issueNumber: $n) { id } }`,
          { w: workspace, n: number },
        ),
        "workspaceIssue",
      ).id,
    close: async () => {
      await t.close();
      await hub.close();
    },
  };
}

/** Adds acme/web-app to the workspace's board (as its admin `owner`) and waits until its issues are imported. */
export async function showWebApp(t: TestApp, hub: HubSandbox, owner: TestUser, workspace: string): Promise<void> {
  await gql(
    t,
    owner.token,
    "mutation ($w: ID!, $r: ID!) { addRepositoryToWorkspace(input: { workspaceId: $w, repositoryGhId: $r }) { workspaceRepository { repository { id } } } }",
    { w: workspace, r: String(hub.store.repository("acme", "web-app")?.id) },
  );
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await gql(
      t,
      owner.token,
      "query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { import { state } } } } } }",
      { id: workspace },
    );
    const { nodes } = field<{ repositoriesConnection: { nodes: { repository: { import: { state: string } } }[] } }>(
      answer,
      "workspace",
    ).repositoriesConnection;
    if (nodes.every((node) => node.repository.import.state === "DONE")) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
