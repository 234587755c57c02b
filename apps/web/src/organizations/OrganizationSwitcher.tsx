import { Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { useGitHubOwners } from "../github/use-github-owners";
import { planningPath } from "../planning/paths";
import { lazyNamed } from "../ui/lazy-named";
import { useToasts } from "../ui/toast/toast-context";
import { useViewerHome } from "./api";
import { OrganizationDropdown } from "./OrganizationDropdown";
import {
  activeOrganization,
  organizationDropdownTitle,
  organizationEntries,
  organizationOfPath,
  organizationSettingsPath,
} from "./organization-list";
import { useOrganizationState } from "./organization-state";
import { useOrganizationCommands } from "./use-organization-commands";
import { useWorkspaceSearch } from "./use-workspace-search";

/** The creation forms are read when first opened, not with every signed-in page (B3). */
const CreateOrganizationDialog = lazyNamed(() => import("./CreateOrganizationDialog"), "CreateOrganizationDialog");
const CreateWorkspaceDialog = lazyNamed(() => import("../workspaces/CreateWorkspaceDialog"), "CreateWorkspaceDialog");

const NO_WORKSPACES: never[] = [];

/** The header's organisation dropdown with the creation forms it and the palette open. */
export function OrganizationSwitcher() {
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const toasts = useToasts();
  const home = useViewerHome();
  const { organization, choose, setOrgCreatorFormOpen, isWorkspaceCreatorFormOpen, setWorkspaceCreatorFormOpen } =
    useOrganizationState();
  const gitHubOwners = useGitHubOwners();
  // Picking a GitHub account not yet in Gantry offers to create its organisation under its name.
  const [suggestedName, setSuggestedName] = useState<string | null>(null);
  useOrganizationCommands(home.data);
  // A page of a workspace or an organisation makes its organisation the active one, however it was reached.
  const { pathname } = useLocation();
  const pageOrganization = home.data ? organizationOfPath(pathname, home.data.organizations) : null;
  useEffect(() => {
    if (pageOrganization) choose(pageOrganization);
  }, [pageOrganization, choose]);
  const searched = home.data ? activeOrganization(home.data.organizations, organization.id) : null;
  useWorkspaceSearch(searched?.workspaces.nodes ?? NO_WORKSPACES);

  // The landing page shows loading and errors; the header stays quiet until there is a list.
  if (!home.data) return null;
  const active = activeOrganization(home.data.organizations, organization.id);
  const entries = organizationEntries(home.data, active?.id ?? null, gitHubOwners);

  const onCreated = (created: { id: string; name: string }) => {
    setOrgCreatorFormOpen(false);
    setSuggestedName(null);
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
        planningHref={active ? planningPath(active.id) : null}
        onSelect={(entry) => {
          if (entry.zhOrgId === null) {
            setSuggestedName(entry.ownerName);
            setOrgCreatorFormOpen(true);
            return;
          }
          choose({ id: entry.id, name: entry.ownerName });
          navigate("/landing");
        }}
        onCreate={() => {
          setSuggestedName(null);
          setOrgCreatorFormOpen(true);
        }}
      />
      <Suspense fallback={null}>
        {organization.isOrgCreatorFormOpen ? (
          <CreateOrganizationDialog
            onCreated={onCreated}
            onClose={() => {
              setOrgCreatorFormOpen(false);
              setSuggestedName(null);
            }}
            {...(suggestedName ? { initialName: suggestedName } : {})}
          />
        ) : null}
        {isWorkspaceCreatorFormOpen ? (
          <CreateWorkspaceDialog
            organizations={home.data.organizations}
            defaultOrganizationId={active?.id ?? null}
            onClose={() => setWorkspaceCreatorFormOpen(false)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
