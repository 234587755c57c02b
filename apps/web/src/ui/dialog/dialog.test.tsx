import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmationDialog, type ConfirmationDialogProps } from "./ConfirmationDialog";
import { ConfirmDeletion } from "./ConfirmDeletion";

function renderDialog(props: Partial<ConfirmationDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmationDialog
      title="Delete pipeline"
      body="Issues in it move to the first pipeline."
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole("dialog", { name: "Delete pipeline" }) };
}

describe("confirmation dialog", () => {
  it("shows title, body, details and the default Cancel and Confirm texts", async () => {
    const { onConfirm, dialog } = renderDialog({ details: "In progress · 12 issues" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByText("Issues in it move to the first pipeline.")).toBeInTheDocument();
    expect(screen.getByText("In progress · 12 issues")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledWith({ dontShowAgain: false });
  });

  it("takes other button texts and styles a dangerous Confirm", () => {
    renderDialog({ cancelText: "Keep it", confirmText: "Delete", danger: true });
    expect(screen.getByRole("button", { name: "Keep it" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" }).className).toMatch(/danger/);
  });

  it("offers a wide width", () => {
    const { dialog } = renderDialog({ width: "wide" });
    expect(dialog.className).toMatch(/wide/);
  });

  it("stays open on a click outside unless told otherwise, and Escape cancels", async () => {
    const { onCancel, dialog } = renderDialog();
    const backdrop = dialog.parentElement as HTMLElement;
    await userEvent.click(backdrop);
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("closes on a click outside when allowed", async () => {
    const { onCancel, dialog } = renderDialog({ dismissOnOutsideClick: true });
    await userEvent.click(dialog.parentElement as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("passes the “Don’t show me this again” choice on", async () => {
    const { onConfirm } = renderDialog({ offerDontShowAgain: true });
    await userEvent.click(screen.getByRole("checkbox", { name: "Don’t show me this again" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledWith({ dontShowAgain: true });
  });

  it("keeps Confirm disabled and Enter blocked until the exact answer is typed", async () => {
    const { onConfirm } = renderDialog({
      typeToConfirm: { answer: "In Progress", label: "Type In Progress to confirm" },
    });
    const input = screen.getByRole("textbox", { name: "Type In Progress to confirm" });
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await userEvent.type(input, "in progress{Enter}");
    expect(confirm).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, "In Progress ");
    expect(confirm).toBeDisabled();
    await userEvent.type(input, "{Backspace}{Enter}");
    expect(confirm).toBeEnabled();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("keeps Tab inside the dialog and gives focus back on close", async () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <ConfirmationDialog title="Leave" body="Sure?" onConfirm={() => undefined} onCancel={() => undefined} />,
    );
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Confirm" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });
});

describe("confirm deletion", () => {
  const webhook = { id: "W1", url: "https://example.com/hook" };

  function renderDeletion(item: typeof webhook | null) {
    const calls: string[] = [];
    render(
      <ConfirmDeletion
        item={item}
        title={() => "Delete this webhook?"}
        body={(asked) => `Nothing more is sent to ${asked.url}.`}
        confirmText="Delete webhook"
        onClose={() => calls.push("close")}
        onDelete={(asked) => calls.push(`delete ${asked.id}`)}
      />,
    );
    return calls;
  }

  it("shows nothing until a row asks", () => {
    renderDeletion(null);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("names what it deletes, closes, then deletes the row it was asked about", async () => {
    const calls = renderDeletion(webhook);
    expect(screen.getByRole("dialog", { name: "Delete this webhook?" })).toHaveTextContent(
      "Nothing more is sent to https://example.com/hook.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete webhook" }));
    expect(calls).toEqual(["close", "delete W1"]);
  });

  it("deletes nothing on Cancel", async () => {
    const calls = renderDeletion(webhook);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(calls).toEqual(["close"]);
  });
});
