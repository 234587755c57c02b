import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Panel } from "./Panel";

describe("panel", () => {
  it("is a region named by its level-2 heading, with its actions and content inside", () => {
    render(
      <>
        <Panel title="Seats" actions={<button type="button">Give a seat</button>}>
          <p>No seats are given yet.</p>
        </Panel>
        <Panel title="Declined">
          <p>No requests were declined.</p>
        </Panel>
      </>,
    );
    const seats = screen.getByRole("region", { name: "Seats" });
    expect(within(seats).getByRole("heading", { level: 2 })).toHaveTextContent("Seats");
    expect(within(seats).getByRole("button", { name: "Give a seat" })).toBeInTheDocument();
    expect(within(seats).getByText("No seats are given yet.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Declined" })).queryByRole("button")).not.toBeInTheDocument();
  });

  it("as a plain section inside a frame: a level-3 heading with the id a link scrolls to, and its description", () => {
    render(
      <Panel title="Priorities" frame="plain" titleId="priorities-title" description="The first is the highest.">
        <p>No priorities yet.</p>
      </Panel>,
    );
    const priorities = screen.getByRole("region", { name: "Priorities" });
    const heading = within(priorities).getByRole("heading", { level: 3 });
    expect(heading).toHaveAttribute("id", "priorities-title");
    expect(within(priorities).getByText("The first is the highest.")).toBeInTheDocument();
    expect(within(priorities).queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
  });

  it("as an open section of the page: a level-2 heading and no frame of its own", () => {
    render(
      <Panel title="Recently viewed" frame="open">
        <p>Delivery</p>
      </Panel>,
    );
    const recent = screen.getByRole("region", { name: "Recently viewed" });
    expect(within(recent).getByRole("heading", { level: 2 })).toHaveTextContent("Recently viewed");
    expect(recent.className).not.toMatch(/bordered/);
  });
});
