import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SelectField } from "./SelectField";

const pipelines = [
  { value: "p1", label: "Backlog" },
  { value: "p2", label: "In Progress" },
];

describe("select field", () => {
  it("is named by its label, described by its help, and reports the chosen value", async () => {
    const choose = vi.fn();
    render(
      <SelectField
        label="Pipeline"
        help="The issue goes to the top of this pipeline."
        value="p1"
        choices={pipelines}
        onChange={choose}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Pipeline" });
    expect(select).toHaveAccessibleDescription("The issue goes to the top of this pipeline.");
    expect(select).toHaveValue("p1");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Backlog", "In Progress"]);
    await userEvent.selectOptions(select, "In Progress");
    expect(choose).toHaveBeenCalledWith("p2");
  });
});
