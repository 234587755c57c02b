import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FormRow } from "./FormRow";

describe("form row", () => {
  it("labels its control and describes it with the help and the error, announcing the error", async () => {
    render(
      <FormRow label="Name" help="Up to 100 characters." error="A key by that name exists.">
        {(control) => <input {...control} />}
      </FormRow>,
    );
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveAccessibleDescription("Up to 100 characters. A key by that name exists.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("A key by that name exists.");
    await userEvent.click(screen.getByText("Name"));
    expect(input).toHaveFocus();
  });

  it("leaves a valid control undescribed and not invalid", () => {
    render(<FormRow label="Event name">{(control) => <input {...control} />}</FormRow>);
    const input = screen.getByRole("textbox", { name: "Event name" });
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(input).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
