import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

/** SPEC §3 "Product organisation state": the active organisation and whether its creation form is open. */
export interface OrganizationState {
  id: string | null;
  name: string | null;
  isOrgCreatorFormOpen: boolean;
}

interface OrganizationStateContextValue {
  organization: OrganizationState;
  isWorkspaceCreatorFormOpen: boolean;
  choose: (organization: { id: string; name: string }) => void;
  setOrgCreatorFormOpen: (open: boolean) => void;
  setWorkspaceCreatorFormOpen: (open: boolean) => void;
}

const OrganizationStateContext = createContext<OrganizationStateContextValue | null>(null);

export function OrganizationStateProvider({ children }: { children: ReactNode }) {
  const [organization, setOrganization] = useState<OrganizationState>({
    id: null,
    name: null,
    isOrgCreatorFormOpen: false,
  });
  const [isWorkspaceCreatorFormOpen, setWorkspaceCreatorFormOpen] = useState(false);
  const choose = useCallback(
    ({ id, name }: { id: string; name: string }) =>
      setOrganization((current) => (current.id === id && current.name === name ? current : { ...current, id, name })),
    [],
  );
  const setOrgCreatorFormOpen = useCallback(
    (open: boolean) => setOrganization((current) => ({ ...current, isOrgCreatorFormOpen: open })),
    [],
  );
  const value = useMemo<OrganizationStateContextValue>(
    () => ({ organization, isWorkspaceCreatorFormOpen, choose, setOrgCreatorFormOpen, setWorkspaceCreatorFormOpen }),
    [organization, isWorkspaceCreatorFormOpen, choose, setOrgCreatorFormOpen],
  );
  return <OrganizationStateContext.Provider value={value}>{children}</OrganizationStateContext.Provider>;
}

export function useOrganizationState(): OrganizationStateContextValue {
  const value = useContext(OrganizationStateContext);
  if (!value) throw new Error("useOrganizationState needs an <OrganizationStateProvider> above it");
  return value;
}
