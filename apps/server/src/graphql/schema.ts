// Each feature registers its types on the shared builder when imported.
import "../accounts/schema.js";
import "../board/bulk-move-mutations.js";
import "../board/filter-options.js";
import "../board/issue-mutations.js";
import "../board/pipeline-mutations.js";
import "../board/bucket-schema.js";
import "../board/saved-views-schema.js";
import "../board/schema.js";
import "../codehost/issues-schema.js";
import "../codehost/schema.js";
import "../events/schema.js";
import "../analytics/schema.js";
import "../feature-flags/schema.js";
import "../issues/issue-fields-schema.js";
import "../issues/bulk-fields-schema.js";
import "../issues/issue-mutations-schema.js";
import "../issues/workspace-issue-fields.js";
import "../issues/lookup-schema.js";
import "../meta/schema.js";
import "../organizations/mutations.js";
import "../user-settings/schema.js";
import "../workspaces/mutations.js";
import { builder } from "./builder.js";

export const schema = builder.toSchema({ sortSchema: true });
