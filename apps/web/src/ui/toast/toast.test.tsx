import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "./ToastProvider";
import type { ToastRequest } from "./toast-context";
import { useToasts } from "./toast-context";

function ShowButton({ request }: { request: ToastRequest }) {
  const toasts = useToasts();
  return (
    <button type="button" onClick={() => toasts.show(request)}>
      Show
    </button>
  );
}

function showToast(request: ToastRequest) {
  render(
    <ToastProvider>
      <ShowButton request={request} />
    </ToastProvider>,
  );
  act(() => screen.getByRole("button", { name: "Show" }).click());
}

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows a success toast and removes it after 5 s", () => {
    showToast({ kind: "success", message: "Repository created" });
    expect(screen.getByRole("status")).toHaveTextContent("Repository created");
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByText("Repository created")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Repository created")).not.toBeInTheDocument();
  });

  it("announces errors as alerts and honours a given duration", () => {
    showToast({ kind: "error", message: "Could not save", durationMs: 1_000 });
    expect(screen.getByRole("alert")).toHaveTextContent("Could not save");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps a saving toast until it is dismissed", () => {
    showToast({ kind: "saving", message: "Saving…" });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("status")).toHaveTextContent("Saving…");
    act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    expect(screen.queryByText("Saving…")).not.toBeInTheDocument();
  });

  it("refuses to work outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<ShowButton request={{ kind: "info", message: "x" }} />)).toThrow(/ToastProvider/);
  });
});
