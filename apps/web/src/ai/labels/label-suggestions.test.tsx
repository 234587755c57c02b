import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { AI_SUGGESTIONS_STORAGE_KEY } from "../use-ai-suggestions-preference";
import { LabelSuggestions } from "./LabelSuggestions";
import type { SuggestedLabel } from "./label-suggestions-api";

const bug: SuggestedLabel = { name: "bug", color: "d73a4a", confidence: 0.91 };
const docs: SuggestedLabel = { name: "documentation", color: null, confidence: 0.64 };

/** A server whose suggestions are `list`, less what was accepted or dismissed; `refuse` fails dismissals. */
function server(list: SuggestedLabel[], options: { refuse?: boolean; broken?: boolean } = {}) {
  let current = [...list];
  return {
    remove: (name: string) => {
      current = current.filter((label) => label.name !== name);
    },
    handler: (call: GraphQLCall) => {
      if (call.operation === "suggestedLabels") {
        return options.broken
          ? { errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL" } }] }
          : { data: { suggestedLabels: current } };
      }
      if (call.operation === "dismissLabelSuggestion") {
        if (options.refuse) {
          return {
            errors: [
              {
                message: "You do not have permission to do this in this workspace.",
                extensions: { code: "FORBIDDEN" },
              },
            ],
          };
        }
        current = current.filter((label) => label.name !== call.variables.labelName);
        return { data: { dismissLabelSuggestion: { issue: { id: "i1" } } } };
      }
      return { errors: [{ message: `unexpected ${call.operation}` }] };
    },
  };
}

function renderChips(
  fake: ReturnType<typeof server>,
  addLabel = vi.fn(async (_name: string): Promise<void> => undefined),
) {
  const rendered = renderWithGraphQL(
    <LabelSuggestions workspaceId="w1" issueId="i1" text="App crashes" addLabel={addLabel} />,
    { path: "/", graphql: fake.handler },
  );
  return { ...rendered, addLabel };
}

describe("LabelSuggestions", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("shows each suggestion as a chip with its confidence, most confident first", async () => {
    const { calls } = renderChips(server([bug, docs]));
    const add = await screen.findByRole("button", { name: "Add label bug (91% confident)" });
    expect(add).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add label documentation (64% confident)" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Suggested labels" })).toBeInTheDocument();
    expect(calls[0]).toEqual({ operation: "suggestedLabels", variables: { workspaceId: "w1", issueId: "i1" } });
  });

  it("accepting adds the label through the issue's label editing and the chip goes", async () => {
    const fake = server([bug, docs]);
    const addLabel = vi.fn(async (name: string) => fake.remove(name));
    renderChips(fake, addLabel);
    await userEvent.click(await screen.findByRole("button", { name: /^Add label bug/ }));
    expect(addLabel).toHaveBeenCalledWith("bug");
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Add label bug/ })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /^Add label documentation/ })).toBeInTheDocument();
  });

  it("says why a label could not be added and keeps the chip", async () => {
    const addLabel = vi.fn(async () => {
      throw new Error("GitHub refused the change.");
    });
    renderChips(server([bug]), addLabel);
    await userEvent.click(await screen.findByRole("button", { name: /^Add label bug/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("bug could not be added: GitHub refused the change.");
    expect(screen.getByRole("button", { name: /^Add label bug/ })).toBeEnabled();
  });

  it("dismisses from the keyboard: the chip goes at once and the server is told", async () => {
    const { calls } = renderChips(server([bug, docs]));
    await screen.findByRole("button", { name: /^Add label bug/ });
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("button", { name: /^Add label bug/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Dismiss suggestion bug" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Add label bug/ })).not.toBeInTheDocument());
    expect(calls).toContainEqual({
      operation: "dismissLabelSuggestion",
      variables: { issueId: "i1", labelName: "bug" },
    });
    expect(screen.getByRole("button", { name: /^Add label documentation/ })).toBeInTheDocument();
  });

  it("puts a dismissed chip back and says so when the server refuses", async () => {
    renderChips(server([bug], { refuse: true }));
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss suggestion bug" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "bug could not be dismissed: You do not have permission to do this in this workspace.",
    );
    expect(screen.getByRole("button", { name: /^Add label bug/ })).toBeInTheDocument();
  });

  it("shows nothing when the classifier is unsure (no suggestion)", async () => {
    const { calls } = renderChips(server([]));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Suggested labels" })).not.toBeInTheDocument();
  });

  it("asks nothing and shows nothing when the AI suggestions preference is off", async () => {
    localStorage.setItem(AI_SUGGESTIONS_STORAGE_KEY, "false");
    const { calls } = renderChips(server([bug]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole("region", { name: "Suggested labels" })).not.toBeInTheDocument();
  });

  it("offers to try again when suggestions cannot be loaded, without getting in the way", async () => {
    renderChips(server([bug], { broken: true }));
    expect(await screen.findByText(/Label suggestions could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
