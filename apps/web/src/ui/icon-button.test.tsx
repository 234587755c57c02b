import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { IconButton } from "./IconButton";

describe("icon button", () => {
  it("is named by its label, not its icon, and does nothing while disabled", async () => {
    const remove = vi.fn();
    const { rerender } = render(<IconButton label="Delete High" icon={<svg aria-hidden />} onClick={remove} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete High" }));
    expect(remove).toHaveBeenCalledOnce();
    rerender(<IconButton label="Delete High" icon={<svg aria-hidden />} disabled onClick={remove} />);
    expect(screen.getByRole("button", { name: "Delete High" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Delete High" }));
    expect(remove).toHaveBeenCalledOnce();
  });
});
