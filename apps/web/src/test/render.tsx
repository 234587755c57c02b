import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppPathsContext } from "../app/app-paths";
import { defaultRuntimeConfig, type RuntimeConfig, RuntimeConfigContext } from "../app/runtime-config";

interface RenderOptions {
  config?: Partial<RuntimeConfig>;
  selectOrganizationPath?: string | null;
  path?: string;
  /** Other routes the page may navigate to, each rendered as its path in a heading. */
  otherPaths?: string[];
}

/** Renders a page inside the app's providers and an in-memory router. */
export function renderPage(page: ReactNode, options: RenderOptions = {}) {
  const path = options.path ?? "/";
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...(options.otherPaths ?? []).map((other) => ({ path: other, element: <h1>{other}</h1> })),
    ],
    { initialEntries: [path] },
  );
  return render(
    <RuntimeConfigContext.Provider value={{ ...defaultRuntimeConfig, ...options.config }}>
      <AppPathsContext.Provider value={{ selectOrganizationPath: options.selectOrganizationPath ?? null }}>
        <RouterProvider router={router} />
      </AppPathsContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
}
