import { schema } from "@gantry/db";
import { and, eq, inArray } from "drizzle-orm";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { requireWorkspace } from "../organizations/access.js";
import { workspaceRepositoriesByGhId } from "../workspaces/repository-gh-ids.js";
import { recordIssueEvents } from "./activity.js";
import { type Deps, emptyResult, mayEditIn, tellBoards, visibleIssues } from "./bulk-fields.js";
import { createIssue } from "./create-issue.js";
import { changeEpicIssues, createEpicFromIssue, refuseUnlessEveryEpicChange } from "./epics.js";
import { Release } from "./field-types.js";
import { Epic } from "./issue-fields-schema.js";
import { repositoryIssue } from "./lookups.js";
import { IssueInfoInput, issueInfoOf } from "./priorities-schema.js";
import { issueLabel } from "./relations.js";

// The reference's deprecated GitHub-epic mutations that name issues by repository and number (decision 0080),
// run by the services of addIssuesToEpics, removeIssuesFromEpics and createEpicFromIssue.

const { epicIssues, issues, releases, releaseRepositories, repositories } = schema;

type IssueInfo = { repositoryGhId?: number | null; repositoryId?: string | number | null; issueNumber: number };

async function issueByInfo(context: GraphQLContext, info: IssueInfo) {
  const { repository, issueNumber } = issueInfoOf(info);
  return repositoryIssue(context.db, signedInViewer(context).id, repository, issueNumber);
}

const EpicIssueInput = builder.inputType("IssueInput", {
  description: "A new GitHub issue: its repository by GitHub's id or Gantry's, and its fields.",
  fields: (t) => ({
    repositoryGhId: t.int({ required: false }),
    repositoryId: t.id({ required: false }),
    title: t.string({ required: true }),
    body: t.string({ required: false }),
    labels: t.stringList({ required: false }),
    assignees: t.stringList({ required: false }),
    milestone: t.int({ required: false, description: "The milestone's number in the repository." }),
  }),
});

/** The repository a new epic's issue goes to: a GitHub repository, as only GitHub issues are GitHub epics. */
async function epicRepository(
  context: GraphQLContext,
  input: { repositoryGhId?: number | null; repositoryId?: string | number | null },
) {
  const byGhId = input.repositoryGhId !== null && input.repositoryGhId !== undefined;
  const byId = input.repositoryId !== null && input.repositoryId !== undefined;
  if (byGhId === byId)
    throw new GantryError("BAD_USER_INPUT", "Give either repositoryGhId or repositoryId.", { field: "issue" });
  const [repository] = await context.db
    .select()
    .from(repositories)
    .where(
      byGhId
        ? eq(repositories.ghId, Number(input.repositoryGhId))
        : eq(repositories.id, idOfType(decodeGantryId(String(input.repositoryId)), "Repository")),
    );
  if (!repository) throw new GantryError("NOT_FOUND", "This repository does not exist.");
  // Checked before anything is written: a Gantry repository's issue could be created but never be a GitHub epic.
  if (repository.ghId === null)
    throw new GantryError("BAD_USER_INPUT", "Gantry issues cannot be GitHub epics; create a Gantry epic instead.", {
      field: "issue",
    });
  return repository;
}

signedInMutation(
  "createEpic",
  {
    inputFields: (t) => ({
      issue: t.field({ type: EpicIssueInput, required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description: "Creates a GitHub issue and makes it a GitHub epic (createIssue, then createEpicFromIssue).",
    run: async (input, context, viewer) => {
      const repository = await epicRepository(context, input.issue);
      const userId = viewer.id;
      const clientMutationId = input.clientMutationId ?? null;
      const issue = await createIssue(issueWriteDeps(context), userId, {
        repositoryId: repository.id,
        title: input.issue.title,
        body: input.issue.body ?? null,
        labels: input.issue.labels ?? null,
        assignees: input.issue.assignees ?? null,
        milestone: input.issue.milestone ?? null,
        parentIssueId: null,
        pipelineId: null,
        clientMutationId,
      });
      const made = await createEpicFromIssue(issueWriteDeps(context), userId, {
        issueId: issue.id,
        epicChildIds: [],
        clientMutationId,
      });
      return { epic: made.epic };
    },
  },
  { outputFields: (t) => ({ epic: t.field({ type: Epic, resolve: (payload) => payload.epic }) }) },
);

/**
 * The reference's "destroy epic and its dependents": the issue stops being a GitHub epic and its issues leave it,
 * in one transaction; the issue itself stays. Needs edit rights on a board showing it.
 */
async function unmakeEpic(deps: Deps, userId: string, epicId: string, origin: { clientMutationId: string | null }) {
  const [epic] = await visibleIssues(deps.db, userId, [epicId], emptyResult());
  if (!epic?.issue.isEpic) throw new GantryError("NOT_FOUND", "This epic does not exist.", { field: "issue" });
  if (!mayEditIn(epic)) throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
  const childIds = await deps.db.transaction(async (tx) => {
    const removed = await tx.delete(epicIssues).where(eq(epicIssues.epicId, epicId)).returning();
    await tx.update(issues).set({ isEpic: false, updatedAt: deps.now() }).where(eq(issues.id, epicId));
    await recordIssueEvents(
      tx,
      removed.map(({ issueId }) => ({
        issueId,
        field: "epic" as const,
        actorId: userId,
        from: issueLabel(epic.issue),
        to: null,
      })),
      deps.now(),
    );
    return removed.map(({ issueId }) => issueId);
  });
  await tellBoards(deps, userId, [epicId, ...childIds], origin);
  return epic.issue;
}

signedInMutation(
  "deleteEpicByIssueInfo",
  {
    inputFields: (t) => ({
      issue: t.field({ type: IssueInfoInput, required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description: "The GitHub epic becomes a plain issue again and its issues leave it; the issue stays.",
    run: async (input, context, viewer) => {
      const epic = await issueByInfo(context, input.issue);
      return {
        epic: await unmakeEpic(issueWriteDeps(context), viewer.id, epic.id, {
          clientMutationId: input.clientMutationId ?? null,
        }),
      };
    },
  },
  { outputFields: (t) => ({ epic: t.field({ type: Epic, resolve: (payload) => payload.epic }) }) },
);

signedInMutation(
  "updateEpicIssuesByIssueInfos",
  {
    inputFields: (t) => ({
      epic: t.field({ type: IssueInfoInput, required: true }),
      addIssues: t.field({ type: [IssueInfoInput], required: true }),
      removeIssues: t.field({ type: [IssueInfoInput], required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description:
      "Adds and removes issues of a GitHub epic; both parts are checked first: when either is refused, neither is made.",
    run: async (input, context, viewer) => {
      const userId = viewer.id;
      const epic = await issueByInfo(context, input.epic);
      const [adding, removing] = await Promise.all([
        Promise.all(input.addIssues.map((info) => issueByInfo(context, info))),
        Promise.all(input.removeIssues.map((info) => issueByInfo(context, info))),
      ]);
      const origin = { clientMutationId: input.clientMutationId ?? null };
      const deps = issueWriteDeps(context);
      const [addIds, removeIds] = [adding, removing].map((list) => list.map((issue) => issue.id)) as [
        string[],
        string[],
      ];
      // Both parts are checked before either is written (the boards are told after each write, which
      // cannot happen inside one transaction on PGlite's single connection).
      await refuseUnlessEveryEpicChange(deps, userId, [epic.id], addIds);
      await refuseUnlessEveryEpicChange(deps, userId, [epic.id], removeIds);
      if (addIds.length)
        await changeEpicIssues(deps, userId, "add", { issueIds: addIds, epicIds: [epic.id], ...origin });
      if (removeIds.length)
        await changeEpicIssues(deps, userId, "remove", { issueIds: removeIds, epicIds: [epic.id], ...origin });
      const [row] = await context.db.select().from(issues).where(eq(issues.id, epic.id));
      return { epic: row ?? epic, issuesAdded: adding, issuesRemoved: removing };
    },
  },
  {
    outputFields: (t) => ({
      epic: t.field({ type: Epic, resolve: (payload) => payload.epic }),
      issuesAdded: t.field({ type: [Issue], nullable: { list: false, items: true }, resolve: (p) => p.issuesAdded }),
      issuesRemoved: t.field({
        type: [Issue],
        nullable: { list: false, items: true },
        resolve: (p) => p.issuesRemoved,
      }),
    }),
  },
);

// --- Releases' repositories (ZenHub's `Release.repositories`): `release_repositories`, none meaning the whole workspace.

for (const change of ["add", "remove"] as const) {
  signedInMutation(
    change === "add" ? "addRepositoriesToRelease" : "removeRepositoriesFromRelease",
    {
      inputFields: (t) => ({
        releaseId: t.id({ required: true }),
        repositoryGhIds: t.intList({ required: true }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      description:
        change === "add"
          ? "Records GitHub repositories of the release's workspace as the ones the release is for."
          : "The release is no longer for these repositories (none left: for the whole workspace).",
      run: async (input, context, viewer) => {
        const releaseId = idOfType(decodeGantryId(String(input.releaseId)), "Release");
        const [release] = await context.db.select().from(releases).where(eq(releases.id, releaseId));
        if (!release) throw new GantryError("NOT_FOUND", "This release does not exist.");
        await requireWorkspace(context.db, release.workspaceId, viewer.id, "editor");
        const found = await workspaceRepositoriesByGhId(
          context.db,
          release.workspaceId,
          input.repositoryGhIds,
          "repositoryGhIds",
        );
        const ids = found.map((row) => row.id);
        if (ids.length && change === "add")
          await context.db
            .insert(releaseRepositories)
            .values(ids.map((repositoryId) => ({ releaseId, repositoryId })))
            .onConflictDoNothing();
        if (ids.length && change === "remove")
          await context.db
            .delete(releaseRepositories)
            .where(and(eq(releaseRepositories.releaseId, releaseId), inArray(releaseRepositories.repositoryId, ids)));
        return { release };
      },
    },
    {
      outputFields: (t) => ({
        release: t.field({ type: Release, resolve: (payload) => payload.release }),
      }),
    },
  );
}
