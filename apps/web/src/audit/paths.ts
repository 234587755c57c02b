/** The instance admins' audit log. */
export const ADMIN_AUDIT_LOG_PATH = "/admin/audit-log";

/** An organisation's audit log, beside its settings (which it is reached from). */
export const organizationAuditLogPath = (organizationName: string) =>
  `/settings/o/${encodeURIComponent(organizationName)}/audit-log`;
