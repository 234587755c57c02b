import { SESSION_TOKEN_KEY } from "@gantry/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../../test/render-with-graphql";
import { AccountPage } from "./AccountPage";

const TOKEN = "gnt_this_device";

/** The account page signed in, with /api/auth/signout-everywhere answered by `answer`; returns the calls made. */
function renderAccountPage(answer: () => Response) {
  const calls: { path: string; authorization: string | null }[] = [];
  renderWithGraphQL(<AccountPage />, {
    path: "/settings/account",
    otherPaths: ["/settings/api-keys"],
    graphql: ({ operation }) => {
      throw new Error(`unexpected ${operation}`);
    },
    http: (path, init) => {
      calls.push({ path, authorization: new Headers(init?.headers).get("authorization") });
      return answer();
    },
  });
  return calls;
}

beforeEach(() => sessionStorage.setItem(SESSION_TOKEN_KEY, TOKEN));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("the account page", () => {
  it("says who is signed in and links to the API keys", async () => {
    renderAccountPage(() => Response.json({}));
    expect(await screen.findByText("ada@acme.io")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage your API keys" })).toHaveAttribute("href", "/settings/api-keys");
  });

  it("signs out everywhere only after the confirmation, and says what ended", async () => {
    const calls = renderAccountPage(() => Response.json({ sessions: 2, apiKeys: 1, mailed: true }));
    await screen.findByText("ada@acme.io");
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out everywhere?" });
    expect(dialog).toHaveTextContent("This session stays signed in.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign out everywhere" }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Done: 2 other sessions ended and 1 API key was revoked. We sent you a mail saying so.",
    );
    expect(calls).toEqual([{ path: "/api/auth/signout-everywhere", authorization: `Bearer ${TOKEN}` }]);
  });

  it("works from the keyboard, and says so when the mail could not be sent", async () => {
    renderAccountPage(() => Response.json({ sessions: 0, apiKeys: 3, mailed: false }));
    await screen.findByText("ada@acme.io");
    screen.getByRole("button", { name: "Sign out everywhere" }).focus();
    await userEvent.keyboard("{Enter}");
    const confirm = within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign out everywhere" });
    confirm.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "0 other sessions ended and 3 API keys were revoked. The mail saying so could not be sent.",
    );
  });

  it("says nothing was signed out when the server refuses", async () => {
    renderAccountPage(() => Response.json({ error: "too many requests, please try again later." }, { status: 429 }));
    await screen.findByText("ada@acme.io");
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign out everywhere" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Nothing was signed out: too many requests, please try again later.",
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
