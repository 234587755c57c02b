import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendEarlyAppRequests, takeEarlyServerVersion } from "../app/early-app-requests";
import { memoryStorage } from "../test/memory-storage";
import { AuthProvider, useAuth } from "./auth-context";
import { SESSION_TOKEN_KEY } from "./token-storage";

const info = {
  flags: [],
  user: { zh: { email: "ada@acme.io" }, gh: null },
  enterpriseSeat: null,
};

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

function answer(status: number, body: object) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => vi.unstubAllGlobals());

describe("authentication state (SPEC §4)", () => {
  it("is signed out with no stored token, without asking the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(
      <AuthProvider storage={memoryStorage({})}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: signed-out")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the stored tokens on a 401 in the web app, and erases them when signing in again", async () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: "gnt_abc", github_token: "gho_x", api_token: "k" });
    const fetchMock = vi.fn(async (url: string) =>
      url === "/api/user-info" ? answer(200, info) : new Response(null, { status: 204 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <AuthProvider storage={storage}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: signed-in")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "401" }));
    expect(screen.getByText("status: unauthorised")).toBeInTheDocument();
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBe("gnt_abc");

    await userEvent.click(screen.getByRole("button", { name: "Sign in again" }));
    await screen.findByText("status: signed-out");
    expect(screen.getByText("status: signed-out")).toBeInTheDocument();
    for (const key of [SESSION_TOKEN_KEY, "github_token", "api_token"]) expect(storage.getItem(key)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/signout", expect.objectContaining({ method: "POST" }));
  });

  it("treats an expired session as unauthorised, and a server error as a failed load", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, { error: "auth:error:not_authed" })),
    );
    const { unmount } = render(
      <AuthProvider storage={memoryStorage({ [SESSION_TOKEN_KEY]: "gnt_old" })}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: unauthorised")).toBeInTheDocument();
    unmount();

    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(500, { error: "boom" })),
    );
    render(
      <AuthProvider storage={memoryStorage({ [SESSION_TOKEN_KEY]: "gnt_old" })}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: load-failed")).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith("Error fetching user details", "boom");
  });

  it("on the page's first load takes the user the early script asked for, without asking again", async () => {
    // The early script ran while the app's code loaded, with the session stored in this browser.
    window.localStorage.setItem(SESSION_TOKEN_KEY, "gnt_abc");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url === "/api/user-info" ? answer(200, info) : answer(200, {}))),
    );
    sendEarlyAppRequests();
    window.localStorage.removeItem(SESSION_TOKEN_KEY);
    void takeEarlyServerVersion();
    const fetchMock = vi.fn(async () => answer(500, { error: "asked again" }));
    vi.stubGlobal("fetch", fetchMock);

    render(
      <AuthProvider storage={memoryStorage({ [SESSION_TOKEN_KEY]: "gnt_abc" })}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("status: signed-in")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
