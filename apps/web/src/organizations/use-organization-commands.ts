import { useMemo } from "react";
import { useNavigate } from "react-router";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { workspacePath } from "../workspaces/paths";
import type { ViewerHome } from "./api";
import { useOrganizationState } from "./organization-state";

/** Palette commands: go to each workspace, create an organisation, create a workspace. */
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
    return [
      ...goToWorkspace,
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
