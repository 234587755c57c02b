import { StrictMode } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AuthProvider } from "../accounts/auth-context";
import { AppPathsContext } from "./app-paths";
import { routes } from "./routes";
import { type RuntimeConfig, RuntimeConfigContext } from "./runtime-config";

const router = createBrowserRouter(routes);

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <AppPathsContext.Provider value={{ selectOrganizationPath: null }}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </AppPathsContext.Provider>
      </RuntimeConfigContext.Provider>
    </StrictMode>
  );
}
