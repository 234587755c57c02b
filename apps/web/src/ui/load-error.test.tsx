import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoadError } from "./LoadError";

describe("load error", () => {
  it("announces what failed and why, and asks again on Try again", async () => {
    const retry = vi.fn();
    render(
      <LoadError error={new Error("Database unavailable")} onRetry={retry}>
        The audit log could not be loaded
      </LoadError>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The audit log could not be loaded: Database unavailable");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
