import { GearIcon, LockIcon } from "@primer/octicons-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useLocation, useParams, useSearchParams } from "react-router";
import { boardPath } from "../board/paths";
import { enterpriseRefusalPage } from "../enterprise/enterprise-refusal";
import { WorkspaceRepositories } from "../github/WorkspaceRepositories";
import { reportsPath } from "../reports/paths";
import { roadmapPath } from "../roadmap/paths";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import { stack } from "../ui/stack";
import { isWorkspaceAccessError, useSetWorkspaceViewedNow, useWorkspace } from "./api";
import { PRIORITIES_TITLE_ID } from "./fields/PrioritiesSettings";
import { PipelineColumns } from "./PipelineColumns";
import { PRIORITIES_SETTINGS, SETTINGS_PARAM, ZENHUB_IMPORT_SETTINGS } from "./paths";
import { PERMISSION_NAMES } from "./permission-names";
import { permissionsErrorState, WORKSPACE_PERMISSIONS_ERROR_PATH } from "./permissions-error-state";
import styles from "./WorkspacePage.module.css";
import { WorkspaceSettings } from "./WorkspaceSettings";
import { ZENHUB_IMPORT_TITLE_ID } from "./zenhub-import/ZenhubImportSettings";

/** The settings sections a link may open the settings at, by the title each scrolls to. */
const SECTION_TITLES: Record<string, string> = {
  [PRIORITIES_SETTINGS]: PRIORITIES_TITLE_ID,
  [ZENHUB_IMPORT_SETTINGS]: ZENHUB_IMPORT_TITLE_ID,
};

/** /workspaces/:workspaceId: the workspace's pipelines, and its settings for admins. */
export function WorkspacePage() {
  const { workspaceId = "" } = useParams();
  // A fresh view per workspace, so moving between workspaces never carries one's settings form into another.
  return <WorkspaceView key={workspaceId} workspaceId={workspaceId} />;
}

function WorkspaceView({ workspaceId }: { workspaceId: string }) {
  const location = useLocation();
  const query = useWorkspace(workspaceId);
  const viewedNow = useSetWorkspaceViewedNow();
  const [searchParams] = useSearchParams();
  const askedFor = SECTION_TITLES[searchParams.get(SETTINGS_PARAM) ?? ""] ?? null;
  // A link from an empty Priority picker, or from creating a workspace to import into, opens the settings at that section.
  const [settingsOpen, setSettingsOpen] = useState(askedFor !== null);
  const workspace = query.data?.workspace;
  const { mutate: markViewed } = viewedNow;

  const loadedId = workspace?.id;
  useEffect(() => {
    if (loadedId) markViewed({ workspaceId: loadedId });
  }, [loadedId, markViewed]);

  const showsSettings = settingsOpen && Boolean(workspace?.isDeletable);
  useEffect(() => {
    if (showsSettings && askedFor) document.getElementById(askedFor)?.scrollIntoView();
  }, [showsSettings, askedFor]);

  const refusal = enterpriseRefusalPage(query.error);
  if (refusal) return refusal;
  if (isWorkspaceAccessError(query.error)) {
    return (
      <Navigate
        to={WORKSPACE_PERMISSIONS_ERROR_PATH}
        replace
        state={permissionsErrorState(query.error, location.pathname + location.search)}
      />
    );
  }
  if (query.isError) {
    return (
      <main className={styles.page}>
        <div className={stack({ wrap: true, align: "center", gap: 12 })} role="alert">
          <p>We couldn't load this workspace: {query.error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      </main>
    );
  }
  if (!query.data || !workspace) {
    return (
      <main className={styles.page}>
        <Loader label="Loading the workspace" />
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <header className={stack({ wrap: true, align: "start", gap: 12 })}>
        <div className={styles.heading}>
          <p className={styles.organization}>{workspace.gantryOrganization.name}</p>
          <div className={stack({ wrap: true, align: "center" })}>
            <h1 className={styles.title}>
              {workspace.name}
              {workspace.private ? <LockIcon aria-label="Private" /> : null}
            </h1>
            <span className={styles.permission}>Your permission: {PERMISSION_NAMES[workspace.viewerPermission]}</span>
          </div>
          {workspace.description ? <p className={styles.description}>{workspace.description}</p> : null}
        </div>
        <Link to={boardPath(workspace.id)}>Board</Link>
        <Link to={roadmapPath(workspace.id)}>Roadmap</Link>
        <Link to={reportsPath(workspace.id)}>Reports</Link>
        {workspace.isDeletable ? (
          <Button aria-expanded={settingsOpen} onClick={() => setSettingsOpen((open) => !open)}>
            <GearIcon aria-hidden />
            Workspace settings
          </Button>
        ) : null}
      </header>
      <div className={styles.body}>
        <PipelineColumns workspaceId={workspace.id} pipelines={workspace.pipelines} />
        {showsSettings ? (
          <WorkspaceSettings
            workspace={workspace}
            viewerId={query.data.viewerId}
            onClose={() => setSettingsOpen(false)}
          />
        ) : null}
      </div>
      <WorkspaceRepositories
        workspaceId={workspace.id}
        canConnect={workspace.viewerPermission === "WRITE" || workspace.viewerPermission === "ADMIN"}
      />
    </main>
  );
}
