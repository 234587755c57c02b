import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { createWorkspace, field, gql, type TestUser } from "../testing/factories.js";

const PERMISSION = `query ($w: ID!, $other: ID) {
  workspaceIssue(workspaceId: $w, repositoryOwner: "acme", repositoryName: "web-app", issueNumber: 1) {
    here: viewerPermission(workspaceId: $w) anywhere: viewerPermission elsewhere: viewerPermission(workspaceId: $other)
  }
}`;

interface Permissions {
  here: string;
  anywhere: string;
  elsewhere: string;
}

describe.each(testEngines())("Issue.viewerPermission on %s", (engine) => {
  let board: BoardFixture;
  let reader: TestUser;
  let writer: TestUser;
  let emptyWorkspace: string;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    reader = await board.joinWorkspace("hubot", "viewer");
    writer = await board.joinWorkspace("mona", "editor");
    // A workspace that does not show acme/web-app: no permission on the issue through it.
    emptyWorkspace = await createWorkspace(board.t, board.demo, board.organization);
  });
  afterAll(() => board.close());

  const permissionsOf = async (user: TestUser) =>
    field<Permissions>(
      await gql(board.t, user.token, PERMISSION, { w: board.workspace, other: emptyWorkspace }),
      "workspaceIssue",
    );

  it("says what the sidebar may change: READ for a viewer, WRITE for an editor, ADMIN for the owner", async () => {
    expect(await permissionsOf(reader)).toEqual({ here: "READ", anywhere: "READ", elsewhere: "NONE" });
    expect(await permissionsOf(writer)).toEqual({ here: "WRITE", anywhere: "WRITE", elsewhere: "NONE" });
    expect(await permissionsOf(board.demo)).toEqual({ here: "ADMIN", anywhere: "ADMIN", elsewhere: "NONE" });
  });

  it("agrees with setEstimate: a viewer is refused, an editor is not", async () => {
    const { id } = field<{ id: string }>(
      await gql(
        board.t,
        writer.token,
        `query ($w: ID!) { workspaceIssue(workspaceId: $w, repositoryOwner: "acme", repositoryName: "web-app", issueNumber: 1) { id } }`,
        { w: board.workspace },
      ),
      "workspaceIssue",
    );
    const set = `mutation ($id: ID!) { setEstimate(input: { issueId: $id, value: 3 }) { issue { estimate { value } } } }`;
    const refused = await gql(board.t, reader.token, set, { id });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const allowed = await gql(board.t, writer.token, set, { id });
    expect(allowed.errors).toBeUndefined();
  });
});
