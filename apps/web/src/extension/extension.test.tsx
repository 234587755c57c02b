import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider, useAuth } from "../accounts/auth-context";
import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import { ExtensionSignInPage, NOT_FROM_EXTENSION } from "./ExtensionSignInPage";
import { EmbeddedTokenStorage } from "./embedded-token-storage";
import type { ParentFrame } from "./parent-frame";
import { workspacesHolding } from "./repository-workspaces";

function parentFrame() {
  const posted: unknown[] = [];
  const parent: ParentFrame = { origin: "chrome-extension://abc", post: (message) => void posted.push(message) };
  return { parent, posted };
}

function Probe() {
  const auth = useAuth();
  return (
    <>
      <p>status: {auth.state.status}</p>
      <button type="button" onClick={() => auth.markUnauthorised()}>
        401
      </button>
      <button type="button" onClick={() => void auth.signInAgain()}>
        Sign in again
      </button>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the embedded app's tokens", () => {
  it("starts from the token the extension handed over, and asks the extension to erase its keys once", () => {
    const { parent, posted } = parentFrame();
    const storage = new EmbeddedTokenStorage(parent, "gnt_abc");
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBe("gnt_abc");
    storage.removeItem("github_token");
    expect(posted).toEqual([]);
    storage.clear();
    storage.removeItem(SESSION_TOKEN_KEY);
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBeNull();
    expect(posted).toEqual([{ type: "gantry:erase-tokens" }]);
  });

  it("erases the tokens on a 401, and 'Sign in again' only erases them and restarts extension sign-in (SPEC §4)", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === "/api/user-info"
        ? new Response(
            JSON.stringify({ flags: [], user: { zh: { email: "ada@acme.io" }, gh: null }, enterpriseSeat: null }),
          )
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { parent, posted } = parentFrame();
    const startSignIn = vi.fn();
    render(
      <AuthProvider storage={new EmbeddedTokenStorage(parent, "gnt_abc")} extensionSignIn={startSignIn}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: signed-in")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "401" }));
    expect(screen.getByText("status: unauthorised")).toBeInTheDocument();
    expect(posted).toEqual([{ type: "gantry:erase-tokens" }]);

    await userEvent.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(screen.getByText("status: signed-out")).toBeInTheDocument();
    expect(startSignIn).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/signout", expect.anything());
  });
});

describe("workspacesHolding", () => {
  const workspace = (id: string, name: string, ...repositories: [string, string][]) => ({
    id,
    name,
    repositoriesConnection: {
      nodes: repositories.map(([ownerName, repo]) => ({ repository: { ownerName, name: repo } })),
    },
  });

  it("finds the workspaces showing a repository, whatever its case, by organisation then name", () => {
    const answer = {
      viewer: {
        gantryOrganizations: {
          nodes: [
            { name: "Zeta", workspaces: { nodes: [workspace("w3", "Platform", ["Acme", "API"])] } },
            {
              name: "Acme",
              workspaces: {
                nodes: [
                  workspace("w2", "Web", ["acme", "web"]),
                  workspace("w1b", "Checkout", ["acme", "api"], ["acme", "web"]),
                  workspace("w1a", "Checkout", ["acme", "api"]),
                ],
              },
            },
          ],
        },
      },
    };
    expect(workspacesHolding(answer, "acme", "api")).toEqual([
      { id: "w1a", name: "Checkout", organizationName: "Acme" },
      { id: "w1b", name: "Checkout", organizationName: "Acme" },
      { id: "w3", name: "Platform", organizationName: "Zeta" },
    ]);
    expect(workspacesHolding(answer, "acme", "docs")).toEqual([]);
  });
});

describe("the extension's sign-in tab", () => {
  const open = (query: string) =>
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: "/sign-in", element: <ExtensionSignInPage /> }], {
          initialEntries: [`/sign-in?${query}`],
        })}
      />,
    );

  it("asks for the password only when the extension opened it", () => {
    open("state=s1&return_to=chrome-extension%3A%2F%2Fabcdef%2Fauth-callback.html");
    expect(screen.getByRole("heading", { name: "Sign in to the Gantry extension" })).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
  });

  it("does not sign in without the state the extension opened it with", () => {
    open("return_to=chrome-extension%3A%2F%2Fabcdef%2Fauth-callback.html");
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_FROM_EXTENSION);
  });

  it("never sends a token to a web address", () => {
    open("state=s1&return_to=https%3A%2F%2Fevil.test%2Fauth-callback.html");
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_FROM_EXTENSION);
    expect(screen.queryByLabelText("Password")).toBeNull();
  });
});
