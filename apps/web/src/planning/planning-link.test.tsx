import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OrganizationDropdown } from "../organizations/OrganizationDropdown";
import { installLayoutApis } from "../test/browser-apis";
import { renderPage } from "../test/render";
import { planningPath } from "./paths";

describe("strategic planning link", () => {
  beforeEach(() => installLayoutApis());

  it("is offered in the organisation dropdown for the active organisation", async () => {
    renderPage(
      <OrganizationDropdown
        title="Organizations in Gantry"
        entries={[
          { id: "org-acme", isUser: false, ownerAvatar: null, ownerName: "Acme", isActive: true, zhOrgId: "org-acme" },
        ]}
        manageHref="/settings/o/Acme"
        planningHref={planningPath("org-acme")}
        onSelect={vi.fn()}
        onCreate={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: /organization/i }));
    const item = within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Strategic planning" });
    expect(item).toHaveAttribute("href", "/organizations/org-acme/planning");
  });
});
