import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gantryRepositoryOf, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const PRIORITIES = `query ($id: ID!) { workspace(id: $id) { prioritiesConnection { nodes { id name color rank } } } }`;
const CREATE_PRIORITY = `mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id name color } } }`;
const UPDATE_PRIORITY = `mutation ($input: UpdatePriorityInput!) { updatePriority(input: $input) { priority { id name color } } }`;
const DELETE_PRIORITY = `mutation ($input: DeletePriorityInput!) { deletePriority(input: $input) { priority { id } } }`;
const SET_PRIORITIES = `mutation ($input: SetIssueInfoPrioritiesInput!) { setIssueInfoPriorities(input: $input) { pipelineIssues { issue { number } priority { name } } } }`;
const REMOVE_PRIORITIES = `mutation ($input: RemoveIssueInfoPrioritiesInput!) { removeIssueInfoPriorities(input: $input) { pipelineIssues { issue { number } priority { name } } } }`;
const ISSUE_PRIORITY = `query ($workspaceId: ID!, $repositoryId: ID!, $issueNumber: Int!) {
  issueByInfo(repositoryId: $repositoryId, issueNumber: $issueNumber) { pipelineIssue(workspaceId: $workspaceId) { priority { name } } }
}`;

describe.each(testEngines())("workspace issue fields on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let workspace: string;
  let gantryRepository: string;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { editor: "member", viewer: "viewer" });
    ({ owner, workspace } = team);
    ({ editor, viewer } = team.people);
    gantryRepository = await gantryRepositoryOf(t, owner.token, workspace);
    for (const title of ["One", "Two", "Three"]) {
      const created = await gql(
        t,
        owner.token,
        `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { number } } }`,
        { input: { repositoryId: gantryRepository, title } },
      );
      expect(created.errors).toBeUndefined();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const priorities = async () =>
    field<{ prioritiesConnection: { nodes: { id: string; name: string; color: string; rank: number }[] } }>(
      await gql(t, owner.token, PRIORITIES, { id: workspace }),
      "workspace",
    ).prioritiesConnection.nodes;
  const createPriority = (user: TestUser, input: Record<string, unknown>) =>
    gql(t, user.token, CREATE_PRIORITY, { input: { workspaceId: workspace, ...input } });
  const issuePriority = async (issueNumber: number) =>
    field<{ pipelineIssue: { priority: { name: string } | null } }>(
      await gql(t, owner.token, ISSUE_PRIORITY, {
        workspaceId: workspace,
        repositoryId: gantryRepository,
        issueNumber,
      }),
      "issueByInfo",
    ).pipelineIssue.priority?.name ?? null;
  const info = (issueNumber: number) => ({ repositoryId: gantryRepository, issueNumber });

  describe("priorities", () => {
    it("lets admins add priorities, last by default or at a position, highest first", async () => {
      expect(field(await createPriority(owner, { name: " High ", color: "#D1242F" }), "createPriority")).toMatchObject({
        priority: { name: "High", color: "#d1242f" },
      });
      await createPriority(owner, { name: "Low", color: "#1f883d" });
      await createPriority(owner, { name: "Medium", color: "#bf8700", position: 1 });
      expect((await priorities()).map((priority) => priority.name)).toEqual(["High", "Medium", "Low"]);
      expect((await priorities()).map((priority) => priority.rank)).toEqual([1, 2, 3]);
    });

    it("refuses bad names, colours, duplicates and non-admins, storing nothing", async () => {
      expect(errorOf(await createPriority(owner, { name: "  ", color: "#000000" }))).toEqual({
        code: "BAD_USER_INPUT",
        message: "A priority needs a name.",
      });
      expect(errorOf(await createPriority(owner, { name: "Red", color: "red" })).message).toBe(
        "A color is written #RRGGBB, for example #d1242f.",
      );
      expect(errorOf(await createPriority(owner, { name: "high", color: "#000000" }))).toEqual({
        code: "CONFLICT",
        message: "A priority with this name already exists in this workspace.",
      });
      expect(errorOf(await createPriority(editor, { name: "Urgent", color: "#000000" })).code).toBe("FORBIDDEN");
      expect((await priorities()).map((priority) => priority.name)).toEqual(["High", "Medium", "Low"]);
    });

    it("renames, recolours and reorders", async () => {
      const [high, , low] = await priorities();
      const renamed = await gql(t, owner.token, UPDATE_PRIORITY, {
        input: { priorityId: low?.id, name: "Someday", color: "#8250df", position: 0 },
      });
      expect(field(renamed, "updatePriority")).toMatchObject({ priority: { name: "Someday", color: "#8250df" } });
      expect((await priorities()).map((priority) => priority.name)).toEqual(["Someday", "High", "Medium"]);
      await gql(t, owner.token, UPDATE_PRIORITY, { input: { priorityId: low?.id, position: 2 } });
      expect((await priorities()).map((priority) => priority.name)).toEqual(["High", "Medium", "Someday"]);
      expect(
        errorOf(await gql(t, owner.token, UPDATE_PRIORITY, { input: { priorityId: high?.id, name: "someday" } })).code,
      ).toBe("CONFLICT");
    });

    it("sets an issue's priority on the board for editors, not viewers, and records it in the timeline", async () => {
      const [high, medium] = await priorities();
      const set = await gql(t, editor.token, SET_PRIORITIES, {
        input: { priorityId: high?.id, issues: [info(1), info(2)] },
      });
      expect(field<{ pipelineIssues: unknown[] }>(set, "setIssueInfoPriorities").pipelineIssues).toEqual([
        { issue: { number: 1 }, priority: { name: "High" } },
        { issue: { number: 2 }, priority: { name: "High" } },
      ]);
      await gql(t, editor.token, SET_PRIORITIES, { input: { priorityId: medium?.id, issues: [info(2)] } });
      expect([await issuePriority(1), await issuePriority(2), await issuePriority(3)]).toEqual([
        "High",
        "Medium",
        null,
      ]);
      expect(
        errorOf(await gql(t, viewer.token, SET_PRIORITIES, { input: { priorityId: high?.id, issues: [info(3)] } }))
          .code,
      ).toBe("FORBIDDEN");
      const events = await t.database.db
        .select({ from: schema.issueEvents.fromValue, to: schema.issueEvents.toValue })
        .from(schema.issueEvents)
        .where(eq(schema.issueEvents.field, "priority"));
      expect(events).toEqual(
        expect.arrayContaining([
          { from: null, to: "High" },
          { from: "High", to: "Medium" },
        ]),
      );
    });

    it("refuses the whole request when one issue is not on the board", async () => {
      const [, , someday] = await priorities();
      const answer = await gql(t, editor.token, SET_PRIORITIES, {
        input: { priorityId: someday?.id, issues: [info(3), info(99)] },
      });
      expect(errorOf(answer)).toEqual({ code: "NOT_FOUND", message: "This issue does not exist." });
      expect(await issuePriority(3)).toBeNull();
    });

    it("removes priorities from issues, and deleting a priority clears it from its issues", async () => {
      const removed = await gql(t, editor.token, REMOVE_PRIORITIES, {
        input: { workspaceId: workspace, issues: [info(2)] },
      });
      expect(field(removed, "removeIssueInfoPriorities")).toEqual({
        pipelineIssues: [{ issue: { number: 2 }, priority: null }],
      });
      const [high] = await priorities();
      expect(errorOf(await gql(t, editor.token, DELETE_PRIORITY, { input: { priorityId: high?.id } })).code).toBe(
        "FORBIDDEN",
      );
      expect(
        field(await gql(t, owner.token, DELETE_PRIORITY, { input: { priorityId: high?.id } }), "deletePriority"),
      ).toBeTruthy();
      expect(await issuePriority(1)).toBeNull();
      expect((await priorities()).map((priority) => priority.name)).toEqual(["Medium", "Someday"]);
      const [row] = await t.database.db
        .select()
        .from(schema.priorities)
        .where(eq(schema.priorities.id, decodeGlobalID(high?.id ?? "").id));
      expect(row).toBeUndefined();
    });
  });
  describe("releases", () => {
    const RELEASE_FIELDS = "id title description startOn endOn state";
    const createRelease = (user: TestUser, release: Record<string, unknown>) =>
      gql(
        t,
        user.token,
        `mutation ($input: CreateReleaseInput!) { createRelease(input: $input) { release { ${RELEASE_FIELDS} } } }`,
        { input: { workspaceId: workspace, release } },
      );
    const updateRelease = (user: TestUser, releaseId: string, release: Record<string, unknown>) =>
      gql(
        t,
        user.token,
        `mutation ($input: UpdateReleaseInput!) { updateRelease(input: $input) { release { ${RELEASE_FIELDS} } } }`,
        { input: { releaseId, release } },
      );
    const releases = async (state?: "OPEN" | "CLOSED") =>
      field<{
        releases: { nodes: { id: string; title: string; state: string; issues: { nodes: { number: number }[] } }[] };
      }>(
        await gql(
          t,
          owner.token,
          `query ($id: ID!) { workspace(id: $id) { releases { nodes { id title state issues { nodes { number } } } } } }`,
          { id: workspace },
        ),
        "workspace",
      ).releases.nodes.filter((release) => !state || release.state === state);
    const releaseNamed = async (title: string) => (await releases()).find((release) => release.title === title)?.id;
    const issueId = async (issueNumber: number) =>
      field<{ id: string }>(
        await gql(
          t,
          owner.token,
          "query ($r: ID!, $n: Int!) { issueByInfo(repositoryId: $r, issueNumber: $n) { id } }",
          {
            r: gantryRepository,
            n: issueNumber,
          },
        ),
        "issueByInfo",
      ).id;

    it("creates releases with dates for editors, listing open ones first by title", async () => {
      const created = field<{ release: Record<string, unknown> }>(
        await createRelease(editor, { title: " v2 ", startOn: "2026-12-01", endOn: "2027-01-15", description: "Big" }),
        "createRelease",
      ).release;
      expect(created).toMatchObject({ title: "v2", startOn: "2026-12-01", endOn: "2027-01-15", state: "OPEN" });
      await createRelease(editor, { title: "v1", endOn: "2026-12-10" });
      await createRelease(editor, { title: "Someday" });
      expect((await releases()).map((release) => release.title)).toEqual(["Someday", "v1", "v2"]);
    });

    it("refuses bad dates with SPEC's message, an end before the start, a blank title and viewers", async () => {
      const badDate = await createRelease(editor, { title: "Bad", startOn: "2026-02-30" });
      expect(badDate.errors?.[0]?.message).toContain("Invalid date format. Expected YYYY-MM-DD.");
      expect(
        errorOf(await createRelease(editor, { title: "Bad", startOn: "2026-12-02", endOn: "2026-12-01" })),
      ).toEqual({ code: "BAD_USER_INPUT", message: "A release cannot end before it starts." });
      expect(errorOf(await createRelease(editor, { title: "  " })).message).toBe("A release needs a title.");
      expect(errorOf(await createRelease(viewer, { title: "Sneaky" })).code).toBe("FORBIDDEN");
      expect(await releases()).toHaveLength(3);
    });

    it("edits, closes and reopens a release; a null date clears it, a bad change stores nothing", async () => {
      const id = (await releaseNamed("v1")) as string;
      expect(errorOf(await updateRelease(editor, id, { startOn: "2026-12-20" })).message).toBe(
        "A release cannot end before it starts.",
      );
      const closed = field<{ release: Record<string, unknown> }>(
        await updateRelease(editor, id, { state: "CLOSED", title: "v1.0", endOn: null }),
        "updateRelease",
      ).release;
      expect(closed).toMatchObject({ title: "v1.0", state: "CLOSED", endOn: null, startOn: null });
      expect((await releases("CLOSED")).map((release) => release.title)).toEqual(["v1.0"]);
      await updateRelease(editor, id, { state: "OPEN" });
      expect((await releases("OPEN")).map((release) => release.title)).toEqual(["Someday", "v1.0", "v2"]);
    });

    it("adds issues to releases and removes them, for editors only", async () => {
      const v2 = { id: await releaseNamed("v2") };
      const ADD = `mutation ($input: AddIssuesToReleasesInput!) { addIssuesToReleases(input: $input) { successCount releases { title } } }`;
      const REMOVE = `mutation ($input: RemoveIssuesFromReleasesInput!) { removeIssuesFromReleases(input: $input) { successCount } }`;
      const input = { issueIds: [await issueId(1), await issueId(2)], releaseIds: [v2.id] };
      expect(field(await gql(t, editor.token, ADD, { input }), "addIssuesToReleases")).toEqual({
        successCount: 2,
        releases: [{ title: "v2" }],
      });
      expect(
        field<{ successCount: number }>(await gql(t, viewer.token, ADD, { input }), "addIssuesToReleases").successCount,
      ).toBe(0);
      await gql(t, editor.token, REMOVE, { input: { issueIds: [await issueId(1)], releaseIds: [v2.id] } });
      const v2Issues = (await releases()).find((release) => release.title === "v2")?.issues.nodes;
      expect(v2Issues).toEqual([{ number: 2 }]);
      const timeline = await t.database.db
        .select({
          issueId: schema.issueEvents.issueId,
          from: schema.issueEvents.fromValue,
          to: schema.issueEvents.toValue,
        })
        .from(schema.issueEvents)
        .where(eq(schema.issueEvents.field, "release"));
      expect(timeline.map(({ from, to }) => `${from} → ${to}`).sort()).toEqual(["null → v2", "null → v2", "v2 → null"]);
    });

    it("deletes a release for editors, leaving its issues", async () => {
      const ids = [{ id: await releaseNamed("v2") }];
      const DELETE = `mutation ($input: DeleteReleaseInput!) { deleteRelease(input: $input) { release { title } } }`;
      expect(errorOf(await gql(t, viewer.token, DELETE, { input: { releaseId: ids[0]?.id } })).code).toBe("FORBIDDEN");
      expect(field(await gql(t, editor.token, DELETE, { input: { releaseId: ids[0]?.id } }), "deleteRelease")).toEqual({
        release: { title: "v2" },
      });
      expect((await releases()).map((release) => release.title)).toEqual(["Someday", "v1.0"]);
      expect(await issueId(2)).toBeTruthy();
    });
  });
  describe("estimate scale and estimation votes", () => {
    const SCALE = `query ($id: ID!) { workspace(id: $id) { estimateSet { values } } }`;
    const change = (user: TestUser, name: string, value: number) =>
      gql(
        t,
        user.token,
        `mutation ($input: ${name[0]?.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { estimateSet { values } } }`,
        { input: { workspaceId: workspace, value } },
      );
    const scale = async () =>
      field<{ estimateSet: { values: number[] } }>(await gql(t, owner.token, SCALE, { id: workspace }), "workspace")
        .estimateSet.values;
    const VOTES = `query ($r: ID!, $n: Int!, $w: ID!) { issueByInfo(repositoryId: $r, issueNumber: $n) {
      id estimationVotes(workspaceId: $w) { nodes { id value voter { id } } } } }`;
    const votesOf = async (issueNumber: number) =>
      field<{ id: string; estimationVotes: { nodes: { id: string; value: number | null; voter: { id: string } }[] } }>(
        await gql(t, owner.token, VOTES, { r: gantryRepository, n: issueNumber, w: workspace }),
        "issueByInfo",
      );
    const SEARCH = `query ($pipelineId: ID!, $filters: IssueSearchFiltersInput!) {
      searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 50) { nodes { number } } }`;
    const numbersFor = async (user: TestUser, specialFilters: string[]) => {
      const pipelines = field<{ pipelines: { id: string }[] }>(
        await gql(t, user.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id } } }", { id: workspace }),
        "workspace",
      ).pipelines;
      const answer = await gql(t, user.token, SEARCH, {
        pipelineId: pipelines[0]?.id,
        filters: { estimates: { specialFilters } },
      });
      return field<{ nodes: { number: number }[] }>(answer, "searchIssuesByPipeline")
        .nodes.map((node) => node.number)
        .sort();
    };

    it("offers the default scale until an admin changes it; values stay sorted and valid", async () => {
      expect(await scale()).toEqual([1, 2, 3, 5, 8, 13, 21, 40]);
      expect(field(await change(owner, "addEstimateSetValue", 0.5), "addEstimateSetValue")).toEqual({
        estimateSet: { values: [0.5, 1, 2, 3, 5, 8, 13, 21, 40] },
      });
      await change(owner, "removeEstimateSetValue", 40);
      expect(await scale()).toEqual([0.5, 1, 2, 3, 5, 8, 13, 21]);
      expect(errorOf(await change(owner, "addEstimateSetValue", -2)).message).toBe("An estimate cannot be negative.");
      expect(errorOf(await change(editor, "addEstimateSetValue", 100)).code).toBe("FORBIDDEN");
      expect(await scale()).toEqual([0.5, 1, 2, 3, 5, 8, 13, 21]);
    });

    it("asks members to vote; each votes only their own; the board's estimation filters find the issues", async () => {
      const INVITE = `mutation ($input: InviteToEstimateInput!) { inviteToEstimate(input: $input) { estimationVotes { id value voter { id } } } }`;
      const one = await votesOf(1);
      const invite = (user: TestUser, gantryUserIds: string[]) =>
        gql(t, user.token, INVITE, { input: { workspaceId: workspace, issueIds: [one.id], gantryUserIds } });
      expect(errorOf(await invite(viewer, [viewer.id])).code).toBe("FORBIDDEN");
      const outsider = await signUpUser(t, "outsider");
      expect(errorOf(await invite(editor, [outsider.id])).message).toBe(
        "Only people who can open this workspace can be asked to estimate.",
      );
      const votes = field<{ estimationVotes: { id: string; voter: { id: string } }[] }>(
        await invite(editor, [viewer.id, owner.id]),
        "inviteToEstimate",
      ).estimationVotes;
      expect(votes.map((vote) => vote.voter.id).sort()).toEqual([viewer.id, owner.id].sort());
      await invite(editor, [viewer.id]);
      expect((await votesOf(1)).estimationVotes.nodes).toHaveLength(2);

      const viewersVote = votes.find((vote) => vote.voter.id === viewer.id)?.id;
      const SET_VOTE = `mutation ($input: SetEstimationVoteInput!) { setEstimationVote(input: $input) { estimationVote { value } } }`;
      expect(
        field(
          await gql(t, viewer.token, SET_VOTE, { input: { estimationVoteId: viewersVote, value: 5 } }),
          "setEstimationVote",
        ),
      ).toEqual({ estimationVote: { value: 5 } });
      expect(
        errorOf(await gql(t, editor.token, SET_VOTE, { input: { estimationVoteId: viewersVote, value: 8 } })).code,
      ).toBe("NOT_FOUND");
      expect(
        errorOf(await gql(t, viewer.token, SET_VOTE, { input: { estimationVoteId: viewersVote, value: 1.234 } }))
          .message,
      ).toBe("An estimate has at most two decimals.");

      expect(await numbersFor(editor, ["assigned_for_voting"])).toEqual([1]);
      expect(await numbersFor(viewer, ["assigned_to_user_for_voting"])).toEqual([1]);
      expect(await numbersFor(editor, ["assigned_to_user_for_voting"])).toEqual([]);
      expect(await numbersFor(editor, ["assigned_for_voting", "not_estimated"])).toEqual([1, 2, 3]);
    });

    it("lets a voter leave a vote and an editor take anyone off it, after which the filters drop the issue", async () => {
      const REMOVE = `mutation ($input: RemoveEstimationVoteInput!) { removeEstimationVote(input: $input) { estimationVote { id } } }`;
      const [first, second] = (await votesOf(1)).estimationVotes.nodes;
      const viewersVote = [first, second].find((vote) => vote?.voter.id === viewer.id);
      const ownersVote = [first, second].find((vote) => vote?.voter.id === owner.id);
      expect(errorOf(await gql(t, viewer.token, REMOVE, { input: { estimationVoteId: ownersVote?.id } })).code).toBe(
        "FORBIDDEN",
      );
      await gql(t, viewer.token, REMOVE, { input: { estimationVoteId: viewersVote?.id } });
      expect(await numbersFor(viewer, ["assigned_to_user_for_voting"])).toEqual([]);
      await gql(t, editor.token, REMOVE, { input: { estimationVoteId: ownersVote?.id } });
      expect(await numbersFor(editor, ["assigned_for_voting"])).toEqual([]);
      expect((await votesOf(1)).estimationVotes.nodes).toEqual([]);
    });
  });
});
