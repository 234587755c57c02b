import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PasswordField } from "./Field";

function NewPassword() {
  const [password, setPassword] = useState("");
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={password}
        onChange={setPassword}
      />
      <output>{password}</output>
    </>
  );
}

describe("password field", () => {
  it("hides what is typed, hands it to the page, and describes it by its hint", async () => {
    render(<NewPassword />);
    const field = screen.getByLabelText("New password");
    expect(field).toHaveAttribute("type", "password");
    expect(field).toHaveAttribute("autocomplete", "new-password");
    expect(field).toHaveAccessibleDescription("At least 8 characters.");
    await userEvent.type(field, "s3cret!");
    expect(screen.getByRole("status")).toHaveTextContent("s3cret!");
  });

  it("is called Password unless named otherwise", () => {
    render(<PasswordField autoComplete="current-password" required value="" onChange={() => {}} />);
    expect(screen.getByLabelText("Password")).toBeRequired();
  });
});
