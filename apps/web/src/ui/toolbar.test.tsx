import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Toolbar } from "./Toolbar";

describe("toolbar", () => {
  it("groups its controls under a name, reached with Tab in order", async () => {
    render(
      <Toolbar label="Filters">
        <button type="button">Open</button>
        <button type="button">Closed</button>
      </Toolbar>,
    );
    expect(screen.getByRole("group", { name: "Filters" })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Closed" })).toHaveFocus();
  });

  it("is a form when it submits, applied with Enter", async () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Toolbar onSubmit={submit}>
        <input aria-label="Event name" />
      </Toolbar>,
    );
    await userEvent.type(screen.getByRole("textbox", { name: "Event name" }), "Board Viewed{Enter}");
    expect(submit).toHaveBeenCalledOnce();
  });
});
