import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusLabel } from "./StatusLabel";

describe("status label", () => {
  it("says the state in words, whatever its tone", () => {
    render(
      <>
        <StatusLabel tone="success">Valid</StatusLabel>
        <StatusLabel tone="danger">Expired</StatusLabel>
        <StatusLabel>Missing</StatusLabel>
      </>,
    );
    for (const word of ["Valid", "Expired", "Missing"]) expect(screen.getByText(word)).toBeVisible();
    expect(screen.getByText("Valid").className).not.toBe(screen.getByText("Expired").className);
  });
});
