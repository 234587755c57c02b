import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AuthProvider } from "../accounts/auth-context";
import { SelectOrganizationPathProvider } from "../organizations/SelectOrganizationPathProvider";
import { routes } from "./routes";
import { type RuntimeConfig, RuntimeConfigContext } from "./runtime-config";

const router = createBrowserRouter(routes);
// Server data is fetched with TanStack Query; a failed read is retried once, a mutation never.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <SelectOrganizationPathProvider>
              <RouterProvider router={router} />
            </SelectOrganizationPathProvider>
          </AuthProvider>
        </QueryClientProvider>
      </RuntimeConfigContext.Provider>
    </StrictMode>
  );
}
