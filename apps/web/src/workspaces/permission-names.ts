import type { PermissionLevel } from "../organizations/api";

/** The words for the permission levels: viewer (READ), editor (WRITE), admin (ADMIN). */
export const PERMISSION_NAMES: Record<PermissionLevel, string> = {
  NONE: "No access",
  READ: "Viewer",
  WRITE: "Editor",
  ADMIN: "Admin",
};

export const ASSIGNABLE_PERMISSIONS: readonly PermissionLevel[] = ["READ", "WRITE", "ADMIN"];
