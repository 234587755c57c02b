import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { LabelDot, LabelList } from "./LabelList";

describe("label list", () => {
  it("lists each label by name under the list's name, with its colour as a dot hidden from assistive technology", () => {
    render(
      <LabelList
        label="Labels"
        labels={[
          { key: "bug", name: "bug", icon: <LabelDot color="d73a4a" /> },
          { key: "docs", name: "docs" },
        ]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Labels" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["bug", "docs"]);
    const dot = items[0]?.querySelector("[aria-hidden]") as HTMLElement;
    expect(dot.style.backgroundColor).toBe("rgb(215, 58, 74)");
  });

  it("takes a colour with or without its #", () => {
    const { container } = render(<LabelDot color="#0075ca" />);
    expect((container.firstChild as HTMLElement).style.backgroundColor).toBe("rgb(0, 117, 202)");
  });
});

describe("link button", () => {
  it("is a button (not a link) that acts on click and not while disabled", async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button variant="link" onClick={onClick}>
        Clear selection
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Clear selection" });
    expect(button).toHaveAttribute("type", "button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button variant="link" onClick={onClick} disabled>
        Clear selection
      </Button>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
