import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CharacterCounter } from "./CharacterCounter";
import { Loader } from "./Loader";
import { ProgressDots } from "./ProgressDots";

describe("loader", () => {
  afterEach(() => vi.useRealTimers());

  it("appears only after 1000 ms by default", () => {
    vi.useFakeTimers();
    render(<Loader />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
  });

  it("takes another delay", () => {
    vi.useFakeTimers();
    render(<Loader delayMs={200} label="Loading issues" />);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole("status", { name: "Loading issues" })).toBeInTheDocument();
  });
});

describe("character counter", () => {
  it("counts down as the text grows, singular at one", () => {
    const { rerender } = render(<CharacterCounter maxLength={5} value="abc" />);
    expect(screen.getByText("2 characters left")).toBeInTheDocument();
    rerender(<CharacterCounter maxLength={5} value="abcd" />);
    expect(screen.getByText("1 character left")).toBeInTheDocument();
  });
});

describe("progress-dot stepper", () => {
  it("draws one 8px dot per step and marks the current one", () => {
    render(<ProgressDots count={3} current={1} />);
    const list = screen.getByRole("list", { name: "Step 2 of 3" });
    const steps = screen.getAllByRole("listitem");
    expect(list).toContainElement(steps[0] ?? null);
    expect(steps).toHaveLength(3);
    expect(steps[1]).toHaveAttribute("aria-current", "step");
    expect(steps[0]?.firstElementChild).toHaveStyle({ width: "8px", height: "8px" });
  });

  it("jumps to a step when its dot is pressed", async () => {
    const onStepSelect = vi.fn();
    render(<ProgressDots count={4} current={0} dotSize={12} onStepSelect={onStepSelect} />);
    await userEvent.click(screen.getByRole("button", { name: "Go to step 3" }));
    expect(onStepSelect).toHaveBeenCalledWith(2);
    expect(screen.getByRole("button", { name: "Go to step 1" })).toHaveStyle({ width: "12px" });
  });
});
