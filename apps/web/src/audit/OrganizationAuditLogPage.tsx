import { ArrowLeftIcon } from "@primer/octicons-react";
import { Link, useParams } from "react-router";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture, LostPicture } from "../errors/pictures";
import { useOrganizationSettings } from "../organizations/settings/api";
import { canManageOrganization } from "../organizations/settings/member-rules";
import settingsStyles from "../organizations/settings/settings.module.css";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./AuditLog.module.css";
import { AuditLogTable } from "./AuditLogTable";
import { ORGANIZATION_AUDIT_ACTIONS } from "./api";

const FORBIDDEN = "Only organization owners and admins can read the audit log.";

/** /settings/o/{orgName}/audit-log: role changes, removals and deletions in the organisation (owners and admins). */
export function OrganizationAuditLogPage() {
  const { orgName = "" } = useParams();
  const settings = useOrganizationSettings(orgName);
  const organization = settings.data?.organization;
  const settingsPath = `/settings/o/${encodeURIComponent(orgName)}`;

  if (settings.data && !organization) {
    return (
      <ErrorPage picture={<LostPicture />} title="Organization not found">
        <p className={errorStyles.text}>You are not a member of an organization named {orgName}.</p>
        <div className={errorStyles.actions}>
          <Link to="/landing">Back</Link>
        </div>
      </ErrorPage>
    );
  }
  if (organization && !canManageOrganization(organization.viewerRole)) {
    return (
      <ErrorPage picture={<LockedPicture />} title="You can't see this page">
        <p className={errorStyles.text}>{FORBIDDEN}</p>
        <div className={errorStyles.actions}>
          <Link to={settingsPath}>Back to {orgName}</Link>
        </div>
      </ErrorPage>
    );
  }

  return (
    <div className={settingsStyles.page}>
      <header className={settingsStyles.topBar}>
        <Link to={settingsPath} className={settingsStyles.back}>
          <ArrowLeftIcon aria-hidden />
          Back to {orgName} settings
        </Link>
      </header>
      <main className={styles.page}>
        <h1 className={styles.title}>Audit log</h1>
        {settings.isPending ? <Loader label="Loading the organization" /> : null}
        {settings.isError ? (
          <div className={styles.problem} role="alert">
            <p className={styles.muted}>
              We couldn't load {orgName}: {settings.error.message}
            </p>
            <Button onClick={() => void settings.refetch()}>Try again</Button>
          </div>
        ) : null}
        {organization ? (
          <>
            <p className={styles.muted}>
              Role changes, removals and deletions in {organization.name} and its workspaces, newest first.
            </p>
            <AuditLogTable
              scope={{ organizationId: organization.id }}
              actions={ORGANIZATION_AUDIT_ACTIONS}
              forbidden={FORBIDDEN}
            />
          </>
        ) : null}
      </main>
    </div>
  );
}
