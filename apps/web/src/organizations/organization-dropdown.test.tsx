import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installLayoutApis } from "../test/browser-apis";
import { renderPage } from "../test/render";
import type { ViewerHome } from "./api";
import { OrganizationDropdown } from "./OrganizationDropdown";
import {
  type OrganizationEntry,
  organizationDropdownTitle,
  organizationEntries,
  REQUESTED_TAG,
  REQUESTED_TOOLTIP,
} from "./organization-list";

const home: Pick<ViewerHome, "organizations" | "accessRequests"> = {
  organizations: [
    { id: "org-acme", name: "Acme", viewerRole: "OWNER", workspaces: { nodes: [] } },
    { id: "org-globex", name: "Globex", viewerRole: "MEMBER", workspaces: { nodes: [] } },
  ],
  accessRequests: [
    { id: "request-1", state: "PENDING", requestable: { id: "org-initech", name: "Initech" } },
    { id: "request-2", state: "DECLINED", requestable: { id: "org-hooli", name: "Hooli" } },
  ],
};

const ownAccount: OrganizationEntry = {
  id: "gh-ada",
  isUser: true,
  ownerAvatar: null,
  ownerName: "ada",
  isActive: false,
  zhOrgId: null,
};

function renderDropdown(entries: OrganizationEntry[], productName = "Gantry") {
  const onSelect = vi.fn();
  const onCreate = vi.fn();
  renderPage(
    <OrganizationDropdown
      title={organizationDropdownTitle(entries, productName)}
      entries={entries}
      manageHref="/settings/o/Acme"
      onSelect={onSelect}
      onCreate={onCreate}
    />,
    { config: { productName } },
  );
  return { onSelect, onCreate };
}

async function openMenu() {
  await userEvent.click(screen.getByRole("button", { name: /organization/i }));
  return screen.findByRole("menu");
}

describe("organisation dropdown", () => {
  beforeEach(() => installLayoutApis());

  it("lists the organisations under 'Organizations in {Product}' and picks one", async () => {
    const { onSelect } = renderDropdown(organizationEntries(home, "org-acme"), "Acme Plan");
    expect(screen.getByRole("button", { name: "Organization: Acme. Switch organization" })).toBeInTheDocument();
    const menu = await openMenu();
    expect(within(menu).getByText("Organizations in Acme Plan")).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Globex" }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "org-globex", ownerName: "Globex" }));
  });

  it("writes the user's own account as '@name' under 'Organizations with access to {Product}'", async () => {
    renderDropdown([...organizationEntries(home, "org-acme"), ownAccount]);
    const menu = await openMenu();
    expect(within(menu).getByText("Organizations with access to Gantry")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "@ada" })).toBeInTheDocument();
  });

  it("shows a pending access request as a disabled item tagged 'Requested' with its tooltip, which cannot be clicked", async () => {
    const { onSelect } = renderDropdown(organizationEntries(home, "org-acme"));
    const menu = await openMenu();
    const requested = within(menu).getByRole("menuitem", { name: /Initech/ });
    expect(requested).toHaveTextContent(REQUESTED_TAG);
    expect(requested).toHaveAttribute("aria-disabled", "true");
    expect(requested).toHaveAccessibleDescription(REQUESTED_TOOLTIP);
    await userEvent.click(requested);
    expect(onSelect).not.toHaveBeenCalled();
    expect(within(menu).queryByRole("menuitem", { name: /Hooli/ })).not.toBeInTheDocument();
  });

  it("opens 'Manage organizations' in a new tab and 'Create new organization' in the form", async () => {
    const { onCreate } = renderDropdown(organizationEntries(home, "org-acme"));
    const menu = await openMenu();
    const manage = within(menu).getByRole("menuitem", { name: "Manage organizations" });
    expect(manage).toHaveAttribute("href", "/settings/o/Acme");
    expect(manage).toHaveAttribute("target", "_blank");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Create new organization" }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it("works from the keyboard: Enter opens on the first item, arrows skip a pending request, Escape closes", async () => {
    const { onSelect } = renderDropdown(organizationEntries(home, "org-acme"));
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Acme Current organization" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Manage organizations" })).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{Enter}");
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "org-globex" }));
    // The menu closes and hands focus back to its button a frame later; only then does Enter reopen it.
    await vi.waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole("button", { name: /Switch organization/ })).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("menu");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });
});
