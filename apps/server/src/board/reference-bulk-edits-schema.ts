import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { inArray } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { issueTypeForRepository, issueTypeOfId } from "../issues/issue-type-records.js";
import { bulkOutput } from "./issue-mutations.js";
import { type BulkResult, type IssuePatch, patches, updateIssues } from "./issue-writes.js";
import { issueWriteDeps } from "./schema.js";

// The reference's bulk edits (decision 0080): clearing issues' milestone, and setting (by id, decision 0086) or
// clearing their issue type. They run setIssuesMilestone's and setIssuesType's writes.

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

builder.relayMutationField(
  "removeMilestoneToIssues",
  {
    name: "RemoveMilestoneForIssuesInput",
    inputFields: (t) => ({ issueIds: t.globalIDList({ required: true, for: Issue }) }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description: "Clears the issues' milestone (setIssuesMilestone with no milestone).",
    resolve: (_root, { input }, context) =>
      updateIssues(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.issueIds.map((id) => id.id),
        patches.setMilestone(null),
      ),
  },
  { name: "RemoveMilestoneForIssuesPayload", ...bulkOutput },
);

/** The reference's ChangeIssueTypeOfIssuesPayload: failedIssues and githubErrors are nullable there. */
const changeTypeOutput = {
  outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, BulkResult>) => ({
    successCount: t.exposeInt("successCount"),
    failedIssues: t.field({ type: [Issue], nullable: true, resolve: (result) => result.failedIssues }),
    githubErrors: t.field({
      type: "JSON",
      nullable: true,
      resolve: (result) =>
        Object.fromEntries(
          Object.entries(result.githubErrors).map(([id, message]) => [encodeGlobalID("Issue", id), message]),
        ),
    }),
  }),
};

signedInMutation(
  "changeIssueTypeOfIssues",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      issueTypeId: t.id({
        required: false,
        description: "The issue type to give the issues, by its id (BaseIssueType.id).",
      }),
      removeIssueType: t.boolean({ required: false, description: "true clears the issues' type." }),
    }),
  },
  {
    description:
      "Gives the issues an issue type (issueTypeId) or clears it (removeIssueType). Every issue's repository must be able to take the type, else nothing is changed.",
    run: async (input, context, viewer) => {
      const given = input.issueTypeId !== null && input.issueTypeId !== undefined;
      if (given === (input.removeIssueType === true))
        throw new GantryError("BAD_USER_INPUT", "Give either issueTypeId or removeIssueType: true.", {
          field: "issueTypeId",
        });
      const issueIds = input.issueIds.map((id) => id.id);
      let name: string | null = null;
      if (given) {
        const chosen = await issueTypeOfId(context.db, String(input.issueTypeId));
        const repositoryIds = await context.db
          .selectDistinct({ repositoryId: schema.issues.repositoryId })
          .from(schema.issues)
          .where(inArray(schema.issues.id, issueIds));
        // Checked for every repository before any write: a type one of them cannot take changes nothing.
        for (const { repositoryId } of repositoryIds)
          name = await issueTypeForRepository(context.db, repositoryId, chosen);
        name ??= chosen.name;
      }
      const patch: IssuePatch = patches.setType(name);
      return updateIssues(issueWriteDeps(context), viewer.id, issueIds, patch);
    },
  },
  changeTypeOutput,
);
