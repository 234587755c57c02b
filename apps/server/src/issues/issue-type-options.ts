import { type Executor, schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { BaseIssueType, GantryIssueType, GithubIssueType } from "./field-types.js";
import type { IssueTypeValue } from "./issue-type-records.js";

const { githubIssueTypes } = schema;

/**
 * The reference's IssueTypeOption: an issue type offered to choose from, by name. Its record (and so its id,
 * colour, times, …) is the first enabled one of that name among the GitHub owners' types, as `issueTypeChoices`
 * picks; `related` holds every one of that name, enabled or not.
 */
export interface IssueTypeOptionValue extends IssueTypeValue {
  option: true;
  related: schema.GitHubIssueTypeRow[];
  organizationId: string;
}

/** An issue type of a Gantry issue, told with the organisation whose native issues carry it. */
export type GantryIssueTypeValue = IssueTypeValue & { organizationId?: string };

/** The options of these names, with the owners' (lower-case logins) records of each, in the owners' and GitHub's order. */
export async function issueTypeOptionsNamed(
  db: Executor,
  names: string[],
  ownerLogins: string[],
  organizationId: string,
): Promise<IssueTypeOptionValue[]> {
  const records = ownerLogins.length
    ? await db
        .select()
        .from(githubIssueTypes)
        .where(inArray(githubIssueTypes.ownerLogin, ownerLogins))
        .orderBy(githubIssueTypes.ownerLogin, githubIssueTypes.position)
    : [];
  return names.map((name) => {
    const related = records.filter((record) => record.name.toLowerCase() === name.toLowerCase());
    const record = related.find((type) => type.isEnabled) ?? related[0] ?? null;
    return { name, native: false, option: true, record, related, organizationId };
  });
}

export const IssueTypeOption = builder.objectRef<IssueTypeOptionValue>("IssueTypeOption").implement({
  description: "An issue type to choose from: the GitHub organisations' issue types of one name.",
  interfaces: [BaseIssueType],
  isTypeOf: (value) => "option" in (value as object),
  fields: (t) => ({
    relatedGithubIssueTypes: t.field({
      type: [GithubIssueType],
      description: "The GitHub organisations' issue types of this name (any case), enabled or not.",
      resolve: (option) => option.related.map((record) => ({ name: record.name, native: false, record })),
    }),
    hasRelatedGithubIssueTypes: t.boolean({
      description: "Whether a GitHub organisation has an issue type of this name.",
      resolve: (option) => option.related.length > 0,
    }),
    gantryIssueType: t.field({
      type: GantryIssueType,
      description: "The type as the organisation's Gantry issues carry it: Gantry keeps no issue types of its own.",
      resolve: (option): GantryIssueTypeValue => ({
        name: option.name,
        native: true,
        record: option.record ?? null,
        organizationId: option.organizationId,
      }),
    }),
  }),
});
