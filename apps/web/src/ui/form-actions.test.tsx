import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import buttonStyles from "./Button.module.css";
import { FormActions } from "./FormActions";
import { FormError } from "./FormError";

describe("form actions", () => {
  it("cancels with Cancel and submits the form with its submit button", async () => {
    const cancel = vi.fn();
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <FormActions submitText="Create epic" onCancel={cancel} />
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(cancel).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Create epic" }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it("has no Cancel for a form that cannot be left, and holds the submit button back while disabled", () => {
    render(<FormActions submitText="Saving…" disabled />);
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled();
  });

  it("names Cancel as told, and draws a submit button that cannot be undone as dangerous", () => {
    render(<FormActions submitText="Delete" onCancel={() => {}} cancelText="Keep it" danger />);
    expect(screen.getByRole("button", { name: "Keep it" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete" })).toHaveAttribute("type", "submit");
    expect(screen.getByRole("button", { name: "Delete" }).className.split(" ")).toContain(buttonStyles.danger);
  });
});

describe("form error", () => {
  it("announces the error, with the id a field points at", () => {
    render(<FormError id="name-error">Name is required.</FormError>);
    expect(screen.getByRole("alert")).toHaveTextContent("Name is required.");
    expect(screen.getByRole("alert")).toHaveAttribute("id", "name-error");
  });

  it("shows nothing while there is no error", () => {
    const { container } = render(
      <>
        <FormError>{null}</FormError>
        <FormError>{undefined}</FormError>
        <FormError>{""}</FormError>
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
