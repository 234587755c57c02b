import { randomUUID } from "node:crypto";
import { testEngines } from "@gantry/db/testing";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, gql } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $workspace: ID) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: 0, workspaceId: $workspace }) { issue { state } pipeline { name } }
}`;
const BULK_MOVE = `mutation ($pipeline: ID!, $ids: [ID!]!) {
  movePipelineIssues(input: { pipelineId: $pipeline, issueIds: $ids }) { successCount pipeline { name } }
}`;
const PIPELINES = `query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }`;
const PIPELINE_ISSUES = `query ($pipeline: ID!) { searchIssuesByPipeline(pipelineId: $pipeline, first: 100) { nodes { id } } }`;

describe.each(testEngines())("moves on an install without GitHub, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let pipelineId: (name: string) => string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 2, gitHub: 1 });
    const { pipelines } = field<{ pipelines: { id: string; name: string }[] }>(
      await gql(t, w.owner.token, PIPELINES, { id: w.workspace }),
      "workspace",
    );
    pipelineId = (name) => pipelines.find((pipeline) => pipeline.name === name)?.id ?? "";
  });
  afterAll(() => t.close());

  it("moves native issues between pipelines, to Closed and back", async () => {
    const [first = "", second = ""] = w.native;
    const moved = await gql(t, w.owner.token, MOVE, { pipeline: pipelineId("Backlog"), issue: first });
    expect(field(moved, "moveIssue")).toEqual({ issue: { state: "OPEN" }, pipeline: { name: "Backlog" } });

    const closed = await gql(t, w.owner.token, MOVE, {
      pipeline: "closed--pipeline",
      issue: first,
      workspace: w.workspace,
    });
    expect(field(closed, "moveIssue")).toEqual({ issue: { state: "CLOSED" }, pipeline: { name: "Closed" } });
    const reopened = await gql(t, w.owner.token, MOVE, { pipeline: pipelineId("In Progress"), issue: first });
    expect(field(reopened, "moveIssue")).toEqual({ issue: { state: "OPEN" }, pipeline: { name: "In Progress" } });

    const bulk = await gql(t, w.owner.token, BULK_MOVE, { pipeline: pipelineId("Done"), ids: [first, second] });
    expect(field(bulk, "movePipelineIssues")).toEqual({ successCount: 2, pipeline: { name: "Done" } });
  });

  it("answers each move of one operation with the issue as that move left it", async () => {
    const [, second = ""] = w.native;
    const twice = await gql(
      t,
      w.owner.token,
      `mutation ($closed: ID!, $open: ID!, $issue: ID!, $workspace: ID) {
        close: moveIssue(input: { pipelineId: $closed, issueId: $issue, workspaceId: $workspace }) { issue { state } }
        reopen: moveIssue(input: { pipelineId: $open, issueId: $issue }) { issue { state } pipeline { name } }
      }`,
      { closed: "closed--pipeline", open: pipelineId("Backlog"), issue: second, workspace: w.workspace },
    );
    expect(twice.errors).toBeUndefined();
    expect(twice.data).toEqual({
      close: { issue: { state: "CLOSED" } },
      reopen: { issue: { state: "OPEN" }, pipeline: { name: "Backlog" } },
    });
  });

  it("moves a GitHub issue between open pipelines, and says GitHub is needed to close it", async () => {
    const [issue = ""] = w.gitHub;
    const moved = await gql(t, w.owner.token, MOVE, { pipeline: pipelineId("Backlog"), issue });
    expect(field(moved, "moveIssue")).toEqual({ issue: { state: "OPEN" }, pipeline: { name: "Backlog" } });

    const refused = await gql(t, w.owner.token, MOVE, { pipeline: "closed--pipeline", issue, workspace: w.workspace });
    expect(refused.errors?.[0]).toMatchObject({
      message: "GitHub is not configured on this install.",
      extensions: { code: "FORBIDDEN", reason: "GITHUB_DISABLED" },
    });
  });

  it("refuses an issue that is not on the pipeline's board and a pipeline that does not exist, moving nothing", async () => {
    const other = await workspaceWithIssues(t, { native: 1, gitHub: 0 });
    const [stranger = ""] = other.native;
    const notHere = await gql(t, w.owner.token, MOVE, { pipeline: pipelineId("Backlog"), issue: stranger });
    expect(notHere.errors?.[0]).toMatchObject({
      message: "This issue is not on this workspace's board.",
      extensions: { code: "NOT_FOUND" },
    });
    // The other board's owner may not write to this board at all, whatever the issue.
    const outsider = await gql(t, other.owner.token, MOVE, { pipeline: pipelineId("Backlog"), issue: stranger });
    expect(outsider.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const nowhere = await gql(t, w.owner.token, MOVE, {
      pipeline: encodeGlobalID("Pipeline", randomUUID()),
      issue: w.native[0],
    });
    expect(nowhere.errors?.[0]).toMatchObject({
      message: "This pipeline does not exist.",
      extensions: { code: "NOT_FOUND" },
    });
    const backlog = field<{ nodes: { id: string }[] }>(
      await gql(t, w.owner.token, PIPELINE_ISSUES, { pipeline: pipelineId("Backlog") }),
      "searchIssuesByPipeline",
    );
    expect(backlog.nodes.length).toBeGreaterThan(0);
    expect(backlog.nodes.map((node) => node.id)).not.toContain(stranger);
  });

  it("still lets only editors move", async () => {
    const refused = await gql(t, w.viewer.token, MOVE, { pipeline: pipelineId("Backlog"), issue: w.native[1] });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
