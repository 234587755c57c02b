import { XIcon } from "@primer/octicons-react";
import { IconButton } from "../ui/IconButton";
import panel from "../ui/Panel.module.css";
import type { WorkspaceDetails } from "./api";
import { DeleteWorkspace } from "./DeleteWorkspace";
import { EstimateScaleSettings } from "./fields/EstimateScaleSettings";
import { PrioritiesSettings } from "./fields/PrioritiesSettings";
import { ReleasesSettings } from "./fields/ReleasesSettings";
import { WorkspaceDetailsForm } from "./WorkspaceDetailsForm";
import { WorkspaceMembers } from "./WorkspaceMembers";
import styles from "./WorkspacePage.module.css";
import { WebhooksSettings } from "./webhooks/WebhooksSettings";
import { ZenhubImportSettings } from "./zenhub-import/ZenhubImportSettings";

interface WorkspaceSettingsProps {
  workspace: WorkspaceDetails;
  viewerId: string;
  onClose: () => void;
}

/** The admin's settings panel: details, members' permissions, issue fields, webhooks, importing from ZenHub, and deleting the workspace. */
export function WorkspaceSettings({ workspace, viewerId, onClose }: WorkspaceSettingsProps) {
  return (
    <aside className={`${panel.frame} ${styles.settings}`} aria-labelledby="workspace-settings-title">
      <div className={panel.headingRow}>
        <h2 id="workspace-settings-title" className={styles.settingsTitle}>
          Workspace settings
        </h2>
        <IconButton label="Close workspace settings" icon={<XIcon aria-hidden />} onClick={onClose} />
      </div>
      <WorkspaceDetailsForm workspace={workspace} />
      <WorkspaceMembers workspace={workspace} viewerId={viewerId} />
      <PrioritiesSettings workspaceId={workspace.id} />
      <ReleasesSettings workspaceId={workspace.id} />
      <EstimateScaleSettings workspaceId={workspace.id} />
      <WebhooksSettings workspaceId={workspace.id} />
      <ZenhubImportSettings workspaceId={workspace.id} />
      <DeleteWorkspace workspace={workspace} />
    </aside>
  );
}
