import type { RecentWorkspace } from "../organizations/api";
import { Panel } from "../ui/Panel";
import styles from "./LandingPage.module.css";
import { WorkspaceCard } from "./WorkspaceCard";

export function RecentWorkspaces({ workspaces }: { workspaces: RecentWorkspace[] }) {
  return (
    <Panel frame="open" title="Recently viewed">
      <ul className={styles.grid}>
        {workspaces.map((workspace) => (
          <li key={workspace.id}>
            <WorkspaceCard workspace={workspace} organizationName={workspace.gantryOrganization.name} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
