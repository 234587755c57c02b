import type { APIRequestContext } from "@playwright/test";
import { type Account, gql } from "./gantry-api.js";

/** A Gantry epic in the workspace from `startOn` to `endOn` (ISO days), holding `issueIds`; answers its id. */
export async function createDatedEpic(
  request: APIRequestContext,
  account: Account,
  epic: { workspaceId: string; title: string; startOn: string; endOn: string; issueIds?: string[] },
): Promise<string> {
  const { createGantryEpic } = await gql<{ createGantryEpic: { gantryEpic: { id: string } } }>(
    request,
    account,
    "mutation ($w: ID!, $title: String!) { createGantryEpic(input: { workspaceId: $w, gantryEpic: { title: $title } }) { gantryEpic { id } } }",
    { w: epic.workspaceId, title: epic.title },
  );
  const id = createGantryEpic.gantryEpic.id;
  await gql(
    request,
    account,
    "mutation ($id: ID!, $s: ISO8601Date, $e: ISO8601Date) { updateGantryEpicDates(input: { gantryEpicId: $id, startOn: $s, endOn: $e }) { gantryEpic { id } } }",
    { id, s: epic.startOn, e: epic.endOn },
  );
  if (epic.issueIds?.length) {
    await gql(
      request,
      account,
      "mutation ($i: [ID!]!, $e: [ID!]!) { addIssuesToGantryEpics(input: { issueIds: $i, gantryEpicIds: $e }) { successCount } }",
      { i: epic.issueIds, e: [id] },
    );
  }
  return id;
}
