import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SettingsSection } from "./SettingsSection";

describe("settings section", () => {
  it("is a plain region named by its level-3 heading, showing the loader while its list is read", async () => {
    render(
      <SettingsSection
        title="Priorities"
        description="The first is the highest."
        query={{ isPending: true }}
        loading="Loading priorities"
        empty="No priorities yet."
      />,
    );
    const section = screen.getByRole("region", { name: "Priorities" });
    expect(within(section).getByRole("heading", { level: 3 })).toHaveTextContent("Priorities");
    expect(within(section).getByText("The first is the highest.")).toBeInTheDocument();
    expect(await within(section).findByRole("status", { name: "Loading priorities" }, { timeout: 2000 })).toBeVisible();
    expect(within(section).queryByText("No priorities yet.")).not.toBeInTheDocument();
  });

  it("says the list is empty once read with nothing in it, and shows what it holds otherwise", () => {
    const { rerender } = render(
      <SettingsSection
        title="Releases"
        query={{ isPending: false, data: [] }}
        loading="Loading releases"
        empty="No releases yet."
      >
        <ul aria-label="Releases" />
      </SettingsSection>,
    );
    expect(screen.getByText("No releases yet.")).toBeInTheDocument();
    rerender(
      <SettingsSection
        title="Releases"
        query={{ isPending: false, data: ["1.0"] }}
        loading="Loading releases"
        empty="No releases yet."
      >
        <ul aria-label="Releases">
          <li>1.0</li>
        </ul>
      </SettingsSection>,
    );
    expect(screen.queryByText("No releases yet.")).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Releases" })).getByText("1.0")).toBeInTheDocument();
  });
});
