import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { DraftLabelSuggestions } from "./DraftLabelSuggestions";

/** The dialog's part: a title field and the suggestions, holding the chosen labels as the dialog does. */
function Draft() {
  const [title, setTitle] = useState("");
  const [labels, setLabels] = useState<string[]>([]);
  return (
    <>
      <input aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <DraftLabelSuggestions workspaceId="w1" title={title} body="" labels={labels} onLabelsChange={setLabels} />
    </>
  );
}

const WAIT = { timeout: 5_000 };

function renderDraft() {
  return renderWithGraphQL(<Draft />, {
    path: "/",
    graphql: (call: GraphQLCall) => {
      const chosen = (call.variables.labels as string[]) ?? [];
      const all = [
        { name: "bug", color: "d73a4a", confidence: 0.93 },
        { name: "editor", color: null, confidence: 0.71 },
      ];
      return String(call.variables.title).includes("crash")
        ? { data: { suggestedLabelsForDraft: all.filter((label) => !chosen.includes(label.name)) } }
        : { data: { suggestedLabelsForDraft: [] } };
    },
  });
}

describe("DraftLabelSuggestions", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("asks nothing before there is a title, then suggests once typing pauses", async () => {
    const { calls } = renderDraft();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "The editor crash");
    expect(await screen.findByRole("button", { name: /^Add label bug/ }, WAIT)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      operation: "suggestedLabelsForDraft",
      variables: { workspaceId: "w1", title: "The editor crash", body: null, labels: [] },
    });
  });

  it("an accepted label joins the issue's labels and can be removed; a dismissed one goes for this draft", async () => {
    const { calls } = renderDraft();
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "The editor crash");
    await userEvent.click(await screen.findByRole("button", { name: /^Add label bug/ }, WAIT));
    const chosen = screen.getByRole("list", { name: "Labels" });
    expect(within(chosen).getByText("bug")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Add label bug/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.variables.labels).toEqual(["bug"]));

    await userEvent.click(screen.getByRole("button", { name: "Dismiss suggestion editor" }));
    expect(screen.queryByRole("region", { name: "Suggested labels" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Remove label bug" }));
    expect(screen.queryByRole("list", { name: "Labels" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Add label bug/ }, WAIT)).toBeInTheDocument();
  });
});
