import { LinkExternalIcon } from "@primer/octicons-react";
import { ROLE_NAMES, type ViewerOrganization } from "../organizations/api";
import { organizationSettingsPath } from "../organizations/organization-list";
import { Avatar } from "../ui/Avatar";
import { Button } from "../ui/Button";
import { StatusLabel } from "../ui/StatusLabel";
import { stack } from "../ui/stack";
import text from "../ui/text.module.css";
import styles from "./LandingPage.module.css";
import { WorkspaceCard } from "./WorkspaceCard";

interface OrganizationWorkspacesProps {
  organization: ViewerOrganization;
  onCreateWorkspace: () => void;
}

/** One organisation's workspaces on /landing, or an invitation to create the first. */
export function OrganizationWorkspaces({ organization, onCreateWorkspace }: OrganizationWorkspacesProps) {
  const titleId = `organization-${organization.id}`;
  const workspaces = organization.workspaces.nodes;
  return (
    <section className={stack({ direction: "column", gap: 12 })} aria-labelledby={titleId}>
      <div className={stack({ wrap: true, align: "center" })}>
        <Avatar name={organization.name} size="medium" />
        <h2 id={titleId} className={styles.sectionTitle}>
          {organization.name}
        </h2>
        <StatusLabel>{ROLE_NAMES[organization.viewerRole]}</StatusLabel>
        <a
          className={styles.settingsLink}
          href={organizationSettingsPath(organization.name)}
          target="_blank"
          rel="noopener"
          aria-label={`${organization.name} settings (opens in a new tab)`}
        >
          Settings
          <LinkExternalIcon aria-hidden />
        </a>
      </div>
      {workspaces.length > 0 ? (
        <ul className={styles.grid}>
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <WorkspaceCard workspace={workspace} />
            </li>
          ))}
        </ul>
      ) : (
        <div className={stack({ wrap: true, align: "center", gap: 12 })}>
          <p className={text.muted}>No workspaces in {organization.name} yet.</p>
          <Button onClick={onCreateWorkspace}>Create a workspace in {organization.name}</Button>
        </div>
      )}
    </section>
  );
}
