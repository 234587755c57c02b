export * from "./open.js";
export { preparedStatement, prepareSql, sqlText } from "./prepared.js";
export { prepareMapped, type RowsMapper, rowsMapper } from "./row-mapper.js";
export type {
  AccessRequestState,
  AccountTokenPurpose,
  EnterpriseSeatState,
  IdentityProvider,
  OrganizationRole,
  PipelineStage,
  WorkspacePermission,
} from "./schema/index.js";
export * as schema from "./schema/index.js";
export {
  ACCESS_REQUEST_STATES,
  ENTERPRISE_SEAT_STATES,
  ORGANIZATION_ROLES,
  PIPELINE_STAGES,
  WORKSPACE_PERMISSIONS,
} from "./schema/index.js";
