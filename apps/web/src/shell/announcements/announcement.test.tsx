import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Announcement, AnnouncementPopover } from "./AnnouncementPopover";

const roadmap: Announcement = {
  title: "Roadmaps are here",
  message: "Plan epics on a timeline.",
  screenshot: { src: "/roadmap.png", alt: "A roadmap with three epics" },
  featureFlag: "roadmap",
};

describe("announcement popover", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("appears 1 s after it should show and reports the dismissal 1 s after closing", () => {
    const onDismiss = vi.fn();
    const { rerender } = render(
      <AnnouncementPopover announcement={roadmap} flags={["roadmap"]} shouldShow={false} onDismiss={onDismiss} />,
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    rerender(<AnnouncementPopover announcement={roadmap} flags={["roadmap"]} shouldShow onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("dialog", { name: "Roadmaps are here" })).toHaveTextContent("Plan epics on a timeline.");
    expect(screen.getByRole("img", { name: "A roadmap with three epics" })).toHaveAttribute("src", "/roadmap.png");

    act(() => screen.getByRole("button", { name: "Got it" }).click());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("stays hidden when its feature flag is missing from the viewer's flags", () => {
    render(<AnnouncementPopover announcement={roadmap} flags={["ai_labels"]} shouldShow onDismiss={() => undefined} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows to everyone when it has no feature flag", () => {
    const { featureFlag: _, ...ungated } = roadmap;
    render(<AnnouncementPopover announcement={ungated} flags={[]} shouldShow onDismiss={() => undefined} />);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole("dialog", { name: "Roadmaps are here" })).toBeInTheDocument();
  });
});
