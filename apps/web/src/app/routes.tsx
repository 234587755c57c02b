import { Navigate, type RouteObject } from "react-router";
import { NotFoundPage } from "../errors/NotFoundPage";
import { LandingPage } from "../landing/LandingPage";

/** The route table. Feature folders add their routes here; anything unmatched is the 404 page. */
export const routes: RouteObject[] = [
  { path: "/", element: <Navigate to="/landing" replace /> },
  { path: "/landing", element: <LandingPage /> },
  { path: "*", element: <NotFoundPage /> },
];
