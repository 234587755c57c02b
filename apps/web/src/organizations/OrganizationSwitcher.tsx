import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { useToasts } from "../ui/toast/toast-context";
import { CreateWorkspaceDialog } from "../workspaces/CreateWorkspaceDialog";
import { useViewerHome } from "./api";
import { CreateOrganizationDialog } from "./CreateOrganizationDialog";
import { OrganizationDropdown } from "./OrganizationDropdown";
import {
  activeOrganization,
  organizationDropdownTitle,
  organizationEntries,
  organizationSettingsPath,
} from "./organization-list";
import { useOrganizationState } from "./organization-state";
import { useOrganizationCommands } from "./use-organization-commands";

/** The header's organisation dropdown with the creation forms it and the palette open. */
export function OrganizationSwitcher() {
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const toasts = useToasts();
  const home = useViewerHome();
  const { organization, choose, setOrgCreatorFormOpen, isWorkspaceCreatorFormOpen, setWorkspaceCreatorFormOpen } =
    useOrganizationState();
  useOrganizationCommands(home.data);

  // The landing page shows loading and errors; the header stays quiet until there is a list.
  if (!home.data) return null;
  const active = activeOrganization(home.data.organizations, organization.id);
  const entries = organizationEntries(home.data, active?.id ?? null);

  const onCreated = (created: { id: string; name: string }) => {
    setOrgCreatorFormOpen(false);
    choose(created);
    toasts.show({ kind: "success", message: `${created.name} was created` });
    navigate("/landing");
  };

  return (
    <>
      <OrganizationDropdown
        title={organizationDropdownTitle(entries, productName)}
        entries={entries}
        manageHref={active ? organizationSettingsPath(active.name) : null}
        onSelect={(entry) => {
          choose({ id: entry.id, name: entry.ownerName });
          navigate("/landing");
        }}
        onCreate={() => setOrgCreatorFormOpen(true)}
      />
      {organization.isOrgCreatorFormOpen ? (
        <CreateOrganizationDialog onCreated={onCreated} onClose={() => setOrgCreatorFormOpen(false)} />
      ) : null}
      {isWorkspaceCreatorFormOpen ? (
        <CreateWorkspaceDialog
          organizations={home.data.organizations}
          defaultOrganizationId={active?.id ?? null}
          onClose={() => setWorkspaceCreatorFormOpen(false)}
        />
      ) : null}
    </>
  );
}
