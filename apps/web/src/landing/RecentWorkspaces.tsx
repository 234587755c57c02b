import type { RecentWorkspace } from "../organizations/api";
import styles from "./LandingPage.module.css";
import { WorkspaceCard } from "./WorkspaceCard";

export function RecentWorkspaces({ workspaces }: { workspaces: RecentWorkspace[] }) {
  return (
    <section className={styles.section} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.sectionTitle}>
        Recently viewed
      </h2>
      <ul className={styles.grid}>
        {workspaces.map((workspace) => (
          <li key={workspace.id}>
            <WorkspaceCard workspace={workspace} organizationName={workspace.gantryOrganization.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}
