import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmptyState } from "./EmptyState";

describe("empty state", () => {
  it("says what there is none of and offers what to do", async () => {
    const create = vi.fn();
    render(
      <EmptyState
        title="No webhooks"
        action={
          <button type="button" onClick={create}>
            Add a webhook
          </button>
        }
      >
        Webhooks tell other services when issues move.
      </EmptyState>,
    );
    expect(screen.getByText("No webhooks")).toBeInTheDocument();
    expect(screen.getByText("Webhooks tell other services when issues move.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add a webhook" }));
    expect(create).toHaveBeenCalledOnce();
  });
});
