import { createContext, useContext } from "react";

/**
 * Paths only known at run time. The select-organisation path (the "Take me home"
 * target) exists once the viewer's organisations are loaded; until then it is null
 * and pages that link to it hide the link.
 */
export interface AppPaths {
  selectOrganizationPath: string | null;
}

export const AppPathsContext = createContext<AppPaths>({ selectOrganizationPath: null });

export function useAppPaths(): AppPaths {
  return useContext(AppPathsContext);
}
