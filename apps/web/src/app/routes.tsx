import { Navigate, type RouteObject } from "react-router";
import { ForgotPasswordPage } from "../accounts/ForgotPasswordPage";
import { LoginPage } from "../accounts/LoginPage";
import { RequireAuth } from "../accounts/RequireAuth";
import { ResetPasswordPage } from "../accounts/ResetPasswordPage";
import { SignUpPage } from "../accounts/SignUpPage";
import { UnlockPage } from "../accounts/UnlockPage";
import { VerifyEmailPage } from "../accounts/VerifyEmailPage";
import { NotFoundPage } from "../errors/NotFoundPage";
import { LandingPage } from "../landing/LandingPage";
import { SignedInShell } from "../shell/SignedInShell";

/** The route table. Feature folders add their routes here; anything unmatched is the 404 page. */
export const routes: RouteObject[] = [
  { path: "/", element: <Navigate to="/landing" replace /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/signup", element: <SignUpPage /> },
  { path: "/verify-email", element: <VerifyEmailPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/unlock", element: <UnlockPage /> },
  {
    // Signed-in pages share the app shell (header, command palette, offline detection).
    element: (
      <RequireAuth>
        <SignedInShell />
      </RequireAuth>
    ),
    children: [{ path: "/landing", element: <LandingPage /> }],
  },
  { path: "*", element: <NotFoundPage /> },
];
