import { schema } from "@gantry/db";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import type { TestApp } from "./app.js";
import {
  addMember,
  createOrganization,
  createWorkspace,
  field,
  gql,
  grantWorkspace,
  signUpUser,
  type TestUser,
} from "./factories.js";

export interface WorkspaceIssues {
  owner: TestUser;
  /** A member with viewer permission on the workspace. */
  viewer: TestUser;
  /** Signed up, in no organisation. */
  outsider: TestUser;
  organization: string;
  workspace: string;
  /** Global ids of native issues, numbered 1, 2, … in the Gantry repository. */
  native: string[];
  /** Global ids of issues of a GitHub repository connected to the workspace, numbered 101, 102, … */
  gitHub: string[];
  gitHubRepository: { owner: string; name: string };
}

/**
 * A workspace with native issues (made through createIssue) and issues of a connected GitHub
 * repository (inserted as an import would), for tests of fields linking issues across repositories.
 */
export async function workspaceWithIssues(t: TestApp, counts: { native: number; gitHub: number }) {
  const owner = await signUpUser(t, "owner");
  const viewer = await signUpUser(t, "viewer");
  const outsider = await signUpUser(t, "outsider");
  const organization = await createOrganization(t, owner);
  const workspace = await createWorkspace(t, owner, organization);
  await addMember(t, organization, viewer, "member");
  await grantWorkspace(t, workspace, viewer, "viewer");
  const { gantryRepository } = field<{ gantryRepository: { id: string } }>(
    await gql(t, owner.token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", { id: workspace }),
    "workspace",
  );
  const native: string[] = [];
  for (let index = 1; index <= counts.native; index++) {
    const answer = await gql(
      t,
      owner.token,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: gantryRepository.id, title: `Native ${index}` } },
    );
    native.push(field<{ issue: { id: string } }>(answer, "createIssue").issue.id);
  }
  const db = t.database.db;
  const ghId = Math.floor(Math.random() * 1e9);
  const [repository] = await db
    .insert(schema.repositories)
    .values({ ghId, ownerLogin: "acme", name: `api-${ghId}`, htmlUrl: `https://github.test/acme/api-${ghId}` })
    .returning();
  if (!repository) throw new Error("no repository");
  await db
    .insert(schema.workspaceRepositories)
    .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: repository.id });
  const gitHub: string[] = [];
  for (let index = 1; index <= counts.gitHub; index++) {
    const [issue] = await db
      .insert(schema.issues)
      .values({
        repositoryId: repository.id,
        ghId: ghId + index,
        number: 100 + index,
        title: `GitHub ${index}`,
        state: "open",
        ghCreatedAt: new Date(),
        ghUpdatedAt: new Date(),
      })
      .returning();
    if (!issue) throw new Error("no issue");
    gitHub.push(encodeGlobalID("Issue", issue.id));
  }
  const gitHubRepository = { owner: repository.ownerLogin, name: repository.name };
  return {
    owner,
    viewer,
    outsider,
    organization,
    workspace,
    native,
    gitHub,
    gitHubRepository,
  } satisfies WorkspaceIssues;
}

/** The fixture's issue at `index` of `list` (its native or its GitHub issues); fails the test when there is none. */
export function issueAt(list: string[], index: number): string {
  const id = list[index];
  if (!id) throw new Error(`no issue ${index}`);
  return id;
}

/** workspaceIssue arguments that read one of the fixture's issues back by its global id. */
export function issueCoordinates(w: WorkspaceIssues, id: string) {
  const nativeIndex = w.native.indexOf(id);
  if (nativeIndex >= 0) return { workspaceId: w.workspace, issueNumber: nativeIndex + 1 };
  const gitHubIndex = w.gitHub.indexOf(id);
  if (gitHubIndex < 0) throw new Error(`${id} is not one of the fixture's issues`);
  return {
    workspaceId: w.workspace,
    issueNumber: 101 + gitHubIndex,
    repositoryOwner: w.gitHubRepository.owner,
    repositoryName: w.gitHubRepository.name,
  };
}
