import { Link } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { ADMIN_SEATS_PATH } from "../enterprise/paths";
import { Page, PageHeader } from "../ui/page/Page";
import text from "../ui/text.module.css";
import { AuditLogTable } from "./AuditLogTable";
import { INSTANCE_AUDIT_ACTIONS } from "./api";

/** /admin/audit-log: every recorded action of the install, sign-ins included (instance admins). */
export function AdminAuditLogPage() {
  const { productName } = useRuntimeConfig();
  return (
    <Page width="wide">
      <PageHeader title="Audit log">
        <p className={text.muted}>
          Sign-ins, role changes, seats, API keys and deletions across this {productName} installation.{" "}
          <Link to={ADMIN_SEATS_PATH}>License and seats</Link>
        </p>
      </PageHeader>
      <AuditLogTable
        scope="instance"
        actions={INSTANCE_AUDIT_ACTIONS}
        forbidden={`Only the people who run this ${productName} installation can read its audit log.`}
      />
    </Page>
  );
}
