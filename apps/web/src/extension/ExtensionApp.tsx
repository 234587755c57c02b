import { EXTENSION_BASE_PATH } from "@gantry/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useEffect, useMemo, useState } from "react";
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from "react-router";
import { AuthProvider } from "../accounts/auth-context";
import { RequireAuth } from "../accounts/RequireAuth";
import { type RuntimeConfig, RuntimeConfigContext } from "../app/runtime-config";
import { applyTheme } from "../app/theme";
import { NotFoundPage } from "../errors/NotFoundPage";
import { boardAndIssueRoutes } from "../issues/issue-route-table";
import { SprintPage } from "../sprints/SprintPage";
import { Loader } from "../ui/Loader";
import { ExtensionShell } from "./ExtensionShell";
import { ExtensionSignInPage } from "./ExtensionSignInPage";
import { EmbeddedTokenStorage } from "./embedded-token-storage";
import { EXTENSION_SIGN_IN_PATH, ExtensionModeContext } from "./extension-mode";
import { IssueSidebarPage } from "./IssueSidebarPage";
import { type ParentFrame, reportHeight, waitForToken } from "./parent-frame";
import { RepositoryBoardPage } from "./RepositoryBoardPage";
import { SignedOutPage } from "./SignedOutPage";

/** GitHub's pages under /extension/github/…: the repository's board, and an issue's sidebar section. */
export const EXTENSION_REPOSITORY_ROUTE = "/github/:owner/:repo";
export const EXTENSION_ISSUE_ROUTE = "/github/:owner/:repo/issues/:issueNumber";

function embeddedRoutes(startSignIn: () => void): RouteObject[] {
  return [
    { path: "/login", element: <SignedOutPage onSignIn={startSignIn} /> },
    {
      element: (
        <RequireAuth>
          <ExtensionShell compact />
        </RequireAuth>
      ),
      children: [{ path: EXTENSION_ISSUE_ROUTE, element: <IssueSidebarPage /> }],
    },
    {
      element: (
        <RequireAuth>
          <ExtensionShell />
        </RequireAuth>
      ),
      children: [
        { path: EXTENSION_REPOSITORY_ROUTE, element: <RepositoryBoardPage /> },
        // Workspace routes stay inside the frame (SPEC §2); other pages open in a tab of their own.
        { path: "/workspaces/:workspaceId", element: <Navigate to="board" replace /> },
        { path: "/workspaces/:workspaceId/sprints/:sprintId", element: <SprintPage /> },
        ...boardAndIssueRoutes,
      ],
    },
    { path: "*", element: <NotFoundPage /> },
  ];
}

/** GitHub's theme, passed on by the extension as SPEC §9's theme values. */
function themeFrom(search: string) {
  const theme = new URLSearchParams(search).get("theme");
  return theme === "dark-mode" || theme === "light-mode" ? theme : null;
}

/** The app under /extension/ (docs/decisions/0031): the sign-in tab, or a page framed in GitHub's. */
export function ExtensionApp({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } }),
  );
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <ExtensionModeContext.Provider value={true}>
            {window.location.pathname === EXTENSION_SIGN_IN_PATH ? <SignInTab /> : <EmbeddedApp />}
          </ExtensionModeContext.Provider>
        </QueryClientProvider>
      </RuntimeConfigContext.Provider>
    </StrictMode>
  );
}

function SignInTab() {
  const [router] = useState(() =>
    createBrowserRouter(
      [
        { path: "/sign-in", element: <ExtensionSignInPage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
      { basename: EXTENSION_BASE_PATH },
    ),
  );
  return <RouterProvider router={router} />;
}

type Embedding = { status: "waiting" } | { status: "ready"; parent: ParentFrame; storage: Storage };

function EmbeddedApp() {
  const framed = window.parent !== window;
  const [embedding, setEmbedding] = useState<Embedding>({ status: "waiting" });

  useEffect(() => {
    applyTheme(document.documentElement, themeFrom(window.location.search));
    if (!framed) return;
    let live = true;
    void waitForToken().then(({ parent, token }) => {
      if (live) setEmbedding({ status: "ready", parent, storage: new EmbeddedTokenStorage(parent, token) });
    });
    return () => {
      live = false;
    };
  }, [framed]);

  const parent = embedding.status === "ready" ? embedding.parent : null;
  useEffect(() => {
    const root = document.getElementById("root");
    return parent && root ? reportHeight(parent, root) : undefined;
  }, [parent]);

  const startSignIn = useMemo(() => (parent ? () => parent.post({ type: "gantry:sign-in" }) : null), [parent]);
  const router = useMemo(
    () => (startSignIn ? createBrowserRouter(embeddedRoutes(startSignIn), { basename: EXTENSION_BASE_PATH }) : null),
    [startSignIn],
  );

  if (!framed) return <NotFoundPage />;
  if (embedding.status === "waiting" || !router || !startSignIn) return <Loader />;
  return (
    <AuthProvider storage={embedding.storage} extensionSignIn={startSignIn}>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
