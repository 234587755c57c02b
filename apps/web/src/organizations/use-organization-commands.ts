import { useMemo } from "react";
import { useNavigate } from "react-router";
import { boardPath } from "../board/paths";
import { planningPath } from "../planning/paths";
import { REPORTS, reportsPath } from "../reports/paths";
import { organizationRoadmapPath, roadmapPath } from "../roadmap/paths";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { workspacePath } from "../workspaces/paths";
import type { ViewerHome, ViewerOrganization } from "./api";
import { useOrganizationState } from "./organization-state";

/**
 * The places of an organisation and its workspaces, so typing "roadmap", "burndown" or "planning"
 * finds them: each workspace's board, roadmap and reports, the organisation's roadmap and planning.
 */
function destinations(
  organization: ViewerOrganization,
  navigate: (path: string) => void,
  several: boolean,
): PaletteCommand[] {
  // With one organisation its name would only lengthen every line.
  const place = (name: string) => (several ? `${name} (${organization.name})` : name);
  const workspaces = organization.workspaces.nodes.flatMap((workspace) => [
    { id: `board-${workspace.id}`, label: `${place(workspace.name)}: Board`, path: boardPath(workspace.id) },
    { id: `roadmap-${workspace.id}`, label: `${place(workspace.name)}: Roadmap`, path: roadmapPath(workspace.id) },
    ...REPORTS.map((report) => ({
      id: `report-${report.key}-${workspace.id}`,
      label: `${place(workspace.name)}: ${report.title}`,
      path: reportsPath(workspace.id, report.key),
      keywords: ["report", "reports"],
    })),
  ]);
  const places: { id: string; label: string; path: string; keywords?: string[] }[] = [
    ...workspaces,
    {
      id: `organization-roadmap-${organization.id}`,
      label: `${organization.name}: Roadmap`,
      path: organizationRoadmapPath(organization.id),
    },
    {
      id: `planning-${organization.id}`,
      label: `${organization.name}: Strategic planning`,
      path: planningPath(organization.id),
    },
  ];
  return places.map(({ id, label, path, keywords = [] }) => ({
    id,
    group: "Go to",
    label,
    keywords: [organization.name, ...keywords],
    run: () => navigate(path),
  }));
}

/** Palette commands: go to each workspace and its pages, create an organisation, create a workspace. */
export function useOrganizationCommands(home: ViewerHome | undefined): void {
  const navigate = useNavigate();
  const { setOrgCreatorFormOpen, setWorkspaceCreatorFormOpen } = useOrganizationState();
  const commands = useMemo<PaletteCommand[]>(() => {
    const organizations = home?.organizations ?? [];
    const goToWorkspace = organizations.flatMap((organization) =>
      organization.workspaces.nodes.map((workspace) => ({
        id: `workspace-${workspace.id}`,
        group: "Workspaces",
        label: `Go to ${workspace.name}`,
        keywords: [organization.name, "workspace"],
        run: () => navigate(workspacePath(workspace.id)),
      })),
    );
    const places = organizations.flatMap((organization) =>
      destinations(organization, navigate, organizations.length > 1),
    );
    return [
      ...goToWorkspace,
      ...places,
      {
        id: "create-organization",
        group: "Actions",
        label: "Create new organization",
        keywords: ["organisation", "new"],
        run: () => setOrgCreatorFormOpen(true),
      },
      ...(organizations.length > 0
        ? [
            {
              id: "create-workspace",
              group: "Actions",
              label: "Create workspace",
              keywords: ["new", "board"],
              run: () => setWorkspaceCreatorFormOpen(true),
            },
          ]
        : []),
    ];
  }, [home, navigate, setOrgCreatorFormOpen, setWorkspaceCreatorFormOpen]);
  useRegisterCommands(commands);
}
