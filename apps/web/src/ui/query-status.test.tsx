import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { QueryStatus } from "./QueryStatus";

describe("query status", () => {
  it("shows the named loader while the read is pending, and no error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <QueryStatus query={{ isPending: true, error: null, refetch: vi.fn() }} loading="Loading the organization">
          We couldn't load Acme
        </QueryStatus>,
      );
      expect(await screen.findByRole("status", { name: "Loading the organization" })).toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("announces a failed read and reads again on Try again", async () => {
    const refetch = vi.fn();
    render(
      <QueryStatus
        query={{ isPending: false, error: new Error("Network down"), refetch }}
        loading="Loading the organization"
      >
        We couldn't load Acme
      </QueryStatus>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("We couldn't load Acme: Network down");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("shows nothing once the read has its data", () => {
    const { container } = render(
      <QueryStatus query={{ isPending: false, error: null, refetch: vi.fn() }} loading="Loading the organization">
        We couldn't load Acme
      </QueryStatus>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
