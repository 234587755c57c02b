import { ArrowLeftIcon } from "@primer/octicons-react";
import { Link, useParams } from "react-router";
import { ErrorPage } from "../errors/ErrorPage";
import errorStyles from "../errors/ErrorPage.module.css";
import { LockedPicture, LostPicture } from "../errors/pictures";
import { useOrganizationSettings } from "../organizations/settings/api";
import { canManageOrganization } from "../organizations/settings/member-rules";
import settingsStyles from "../organizations/settings/settings.module.css";
import { Page, PageHeader } from "../ui/page/Page";
import { QueryStatus } from "../ui/QueryStatus";
import text from "../ui/text.module.css";
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
      <Page width="wide">
        <PageHeader title="Audit log">
          {organization ? (
            <p className={text.muted}>
              Role changes, removals and deletions in {organization.name} and its workspaces, newest first.
            </p>
          ) : null}
        </PageHeader>
        <QueryStatus query={settings} loading="Loading the organization">
          We couldn't load {orgName}
        </QueryStatus>
        {organization ? (
          <AuditLogTable
            scope={{ organizationId: organization.id }}
            actions={ORGANIZATION_AUDIT_ACTIONS}
            forbidden={FORBIDDEN}
          />
        ) : null}
      </Page>
    </div>
  );
}
