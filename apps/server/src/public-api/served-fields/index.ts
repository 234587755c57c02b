import { issueFields } from "./issue-fields.js";
import { issueTypeFields } from "./issue-type-fields.js";
import { issuesAndEpicsFields } from "./issues-and-epics-fields.js";
import { labelFields } from "./label-fields.js";
import { milestoneFields } from "./milestone-fields.js";
import { peopleFields } from "./people-fields.js";
import { planningFields } from "./planning-fields.js";
import { repositoryFields } from "./repository-fields.js";
import type { ServedField } from "./served-field.js";
import { strategicItemFields } from "./strategic-item-fields.js";
import { workspaceFields } from "./workspace-fields.js";
import { workspaceOrgFields } from "./workspace-org-fields.js";

const SERVED: Record<string, ServedField> = {
  ...workspaceFields,
  ...issueFields,
  ...planningFields,
  ...repositoryFields,
  ...peopleFields,
  ...milestoneFields,
  ...labelFields,
  ...issuesAndEpicsFields,
  ...workspaceOrgFields,
  ...issueTypeFields,
  ...strategicItemFields,
};

/** Gantry's resolver for a reference field it serves with the reference's types, if it does. */
export function servedReferenceField(typeName: string, field: string): ServedField | undefined {
  return SERVED[`${typeName}.${field}`];
}
