import { ArrowLeftIcon } from "@primer/octicons-react";
import { Link, useParams } from "react-router";
import { OrganizationAiSection } from "../../ai/OrganizationAiSection";
import { useRuntimeConfig } from "../../app/runtime-config";
import { organizationAuditLogPath } from "../../audit/paths";
import { ErrorPage } from "../../errors/ErrorPage";
import errorStyles from "../../errors/ErrorPage.module.css";
import { LostPicture } from "../../errors/pictures";
import { Avatar } from "../../ui/Avatar";
import { QueryStatus } from "../../ui/QueryStatus";
import { StatusLabel } from "../../ui/StatusLabel";
import { ROLE_NAMES } from "../api";
import { AccessRequestsSection } from "./AccessRequestsSection";
import { useOrganizationSettings } from "./api";
import { DangerZone } from "./DangerZone";
import { InvitationsSection } from "./InvitationsSection";
import { MembersSection } from "./MembersSection";
import { canDeleteOrganization, canManageOrganization } from "./member-rules";
import { RenameSection } from "./RenameSection";
import { SamlSection } from "./SamlSection";
import styles from "./settings.module.css";

/** SPEC §2 /settings/o/{orgName}: members, invitations, access requests, name and deletion. */
export function OrganizationSettingsPage() {
  const { orgName = "" } = useParams();
  const { productName } = useRuntimeConfig();
  const settings = useOrganizationSettings(orgName);
  const organization = settings.data?.organization;

  if (settings.data && !organization) {
    return (
      <ErrorPage picture={<LostPicture />} title="Organization not found">
        <p className={errorStyles.text}>You are not a member of an organization named {orgName}.</p>
        <div className={errorStyles.actions}>
          <Link to="/landing">Back to {productName}</Link>
        </div>
      </ErrorPage>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <Link to="/landing" className={styles.back}>
          <ArrowLeftIcon aria-hidden />
          Back to {productName}
        </Link>
      </header>
      <main className={styles.main}>
        <QueryStatus query={settings} loading="Loading the organization">
          We couldn't load {orgName}
        </QueryStatus>
        {organization && settings.data ? (
          <>
            <div className={styles.titleRow}>
              <Avatar name={organization.name} size="medium" />
              <h1 className={styles.title}>{organization.name}</h1>
              <StatusLabel>Your role: {ROLE_NAMES[organization.viewerRole]}</StatusLabel>
              {/* Owners and admins only: the server refuses the log to anyone else. */}
              {canManageOrganization(organization.viewerRole) ? (
                <Link to={organizationAuditLogPath(organization.name)}>Audit log</Link>
              ) : null}
            </div>
            <MembersSection organization={organization} viewerId={settings.data.viewerId} />
            {canManageOrganization(organization.viewerRole) ? (
              <>
                <InvitationsSection organization={organization} />
                <AccessRequestsSection organization={organization} />
                <RenameSection organization={organization} />
                <OrganizationAiSection organizationId={organization.id} />
              </>
            ) : null}
            {canDeleteOrganization(organization.viewerRole) ? (
              <>
                <SamlSection organization={organization} />
                <DangerZone organization={organization} />
              </>
            ) : null}
          </>
        ) : null}
      </main>
    </div>
  );
}
