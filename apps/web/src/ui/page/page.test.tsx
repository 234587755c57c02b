import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Page, PageHeader } from "./Page";

describe("page header", () => {
  it("gives the page one level-1 heading, its breadcrumb as links in order, and its actions", () => {
    render(
      <MemoryRouter>
        <Page width="wide">
          <PageHeader
            title="Audit log"
            breadcrumb={[
              { label: "Acme", to: "/settings/o/Acme" },
              { label: "Settings", to: "/settings/o/Acme/settings" },
            ]}
            actions={<button type="button">Export</button>}
          >
            <p>Role changes, newest first.</p>
          </PageHeader>
        </Page>
      </MemoryRouter>,
    );
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { level: 1 })).toHaveTextContent("Audit log");
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" })).getAllByRole("link");
    expect(crumbs.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Acme", "/settings/o/Acme"],
      ["Settings", "/settings/o/Acme/settings"],
    ]);
    expect(within(main).getByRole("button", { name: "Export" })).toBeInTheDocument();
    expect(within(main).getByText("Role changes, newest first.")).toBeInTheDocument();
  });

  it("has no breadcrumb navigation when the page has no parents", () => {
    render(
      <MemoryRouter>
        <PageHeader title="API keys" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "API keys" })).toBeInTheDocument();
  });
});
