import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import { ApiKeysPage } from "./ApiKeysPage";
import type { ApiKey } from "./api";

const key = (
  id: string,
  name: string,
  lastUsedAt: string | null = null,
  lastUsedIpAddress: string | null = null,
): ApiKey => ({
  id,
  name,
  hint: `${id}xyz`.slice(0, 4),
  createdAt: new Date().toISOString(),
  lastUsedAt,
  lastUsedIpAddress,
});

const SECRET = "gantry_pat_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhxdXV4cQ";

function renderKeysPage(initial: ApiKey[]) {
  let keys = [...initial];
  const calls = renderWithGraphQL(
    <ToastProvider>
      <ApiKeysPage />
    </ToastProvider>,
    {
      path: "/settings/api-keys",
      graphql: ({ operation, variables }) => {
        if (operation === "apiKeys") return { data: { viewer: { apiKeys: keys } } };
        if (operation === "createApiKey") {
          const created = key(`k${keys.length + 1}`, String(variables.name));
          keys = [...keys, created];
          return { data: { createApiKey: { apiKey: created, secret: SECRET } } };
        }
        if (operation === "revokeApiKey") {
          keys = keys.filter((existing) => existing.id !== variables.id);
          return { data: { revokeApiKey: { apiKey: { id: variables.id } } } };
        }
        throw new Error(`unexpected ${operation}`);
      },
    },
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("the API keys page", () => {
  it("says when there are no keys, creates one and shows its secret once, with a copy button", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderKeysPage([]);
    expect(await screen.findByText("You have no API keys yet.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name"), "Release script");
    await userEvent.click(screen.getByRole("button", { name: "Create key" }));

    expect(await screen.findByText("Your new key “Release script”")).toBeInTheDocument();
    expect(screen.getByTestId("api-key-secret")).toHaveTextContent(SECRET);
    expect(screen.getByText("Copy it now: you will not be able to see it again.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Copy the key" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole("button", { name: "Copy the key" })).toHaveTextContent("Copied");
    expect(await screen.findByText("Release script")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("api-key-secret")).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("revokes a key only after the confirmation", async () => {
    renderKeysPage([key("k1", "CI"), key("k2", "Dashboard", new Date().toISOString())]);
    await userEvent.click(await screen.findByRole("button", { name: "Revoke CI" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Scripts using “CI” \(…k1xy\) will get 401 Unauthorized/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("CI")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Revoke CI" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke key" }));
    expect(await screen.findByText("“CI” is revoked.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revoke CI" })).not.toBeInTheDocument();
    expect(screen.getByText("Dashboard")).toBeInTheDocument();
  });

  it("shows each key's last use, relative with the exact time on hover, and the address it came from", async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    renderKeysPage([key("k1", "CI", fiveMinutesAgo.toISOString(), "203.0.113.20"), key("k2", "Unused")]);
    const used = (await screen.findByRole("rowheader", { name: /CI/ })).closest("tr") as HTMLElement;
    const cells = within(used).getAllByRole("cell");
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["Key", "Created", "Last used", "Last used from", "Actions"]);
    expect(cells[1]).toHaveTextContent("5 minutes ago");
    const time = within(cells[1] as HTMLElement).getByText("5 minutes ago");
    expect(time).toHaveAttribute("datetime", fiveMinutesAgo.toISOString());
    expect(time.getAttribute("title")).toContain(String(fiveMinutesAgo.getFullYear()));
    expect(cells[2]).toHaveTextContent("203.0.113.20");

    const unused = screen.getByRole("rowheader", { name: /Unused/ }).closest("tr") as HTMLElement;
    const unusedCells = within(unused).getAllByRole("cell");
    expect(unusedCells[1]).toHaveTextContent("Never used");
    expect(unusedCells[2]).toHaveTextContent("—");
  });

  it("stops offering new keys at five", async () => {
    renderKeysPage(["a", "b", "c", "d", "e"].map((id) => key(id, `Key ${id}`)));
    expect(
      await screen.findByText("You have 5 API keys, the most you can have. Revoke one to create another."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create key" })).not.toBeInTheDocument();
  });
});
