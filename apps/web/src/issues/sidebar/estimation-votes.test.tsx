import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import type { EstimationVote } from "../fields-api";
import { EstimationVotes } from "./EstimationVotes";
import { voteSummary } from "./vote-summary";

const person = (id: string, name: string) => ({ id, name, email: `${name.toLowerCase()}@acme.test` });
const ME = person("u-me", "Mona");
const ADA = person("u-ada", "Ada");
const GRACE = person("u-grace", "Grace");

/** A workspace server: the viewer is Mona, Ada and Grace are the other members; votes change as asked. */
function server(initial: EstimationVote[], refuse: Record<string, string> = {}) {
  let votes = initial;
  return (call: GraphQLCall) => {
    const refusal = refuse[call.operation];
    if (refusal) return { errors: [{ message: refusal, extensions: { code: "FORBIDDEN" } }] };
    const input = call.variables.input as Record<string, unknown> | undefined;
    switch (call.operation) {
      case "workspace":
        return {
          data: {
            viewer: { id: ME.id },
            workspace: {
              id: "w1",
              members: [ME, ADA, GRACE].map((user) => ({ permission: "WRITE", user })),
            },
          },
        };
      case "workspaceEstimateSet":
        return { data: { workspace: { estimateSet: { values: [1, 2, 3, 5, 8] } } } };
      case "issueEstimationVotes":
        return { data: { issueByInfo: { estimationVotes: { nodes: votes } } } };
      case "setEstimationVote":
        votes = votes.map((vote) =>
          vote.id === input?.estimationVoteId ? { ...vote, value: (input?.value as number | null) ?? null } : vote,
        );
        return { data: { setEstimationVote: { estimationVote: { id: input?.estimationVoteId } } } };
      case "removeEstimationVote":
        votes = votes.filter((vote) => vote.id !== input?.estimationVoteId);
        return { data: { removeEstimationVote: { estimationVote: { id: input?.estimationVoteId } } } };
      case "inviteToEstimate": {
        const asked = ((input?.gantryUserIds ?? []) as string[]).map((id) =>
          [ME, ADA, GRACE].find((user) => user.id === id),
        );
        votes = [...votes, ...asked.flatMap((voter) => (voter ? [{ id: `v-${voter.id}`, value: null, voter }] : []))];
        return { data: { inviteToEstimate: { estimationVotes: [] } } };
      }
      default:
        return { data: {} };
    }
  };
}

function renderVotes(votes: EstimationVote[], { canWrite = true, refuse = {} } = {}) {
  const rendered = renderWithGraphQL(
    <ToastProvider>
      <EstimationVotes
        issueId="i1"
        issue={{ repositoryId: "repo-1", issueNumber: 7 }}
        workspaceId="w1"
        canWrite={canWrite}
      />
    </ToastProvider>,
    { path: "/", graphql: server(votes, refuse) },
  );
  const sent = (operation: string) => rendered.calls.filter((call) => call.operation === operation);
  return { ...rendered, sent };
}

const region = () => screen.findByRole("region", { name: "Estimation votes" });

describe("estimation votes in the issue sidebar", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists who was asked and what each voted, with how many voted and the average", async () => {
    renderVotes([
      { id: "v1", value: 3, voter: ADA },
      { id: "v2", value: 8, voter: GRACE },
      { id: "v3", value: null, voter: ME },
    ]);
    const votes = await region();
    expect(await within(votes).findByText("2 of 3 voted · average 5.5 points")).toBeInTheDocument();
    const rows = within(votes)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    expect(rows).toEqual(["AAda3 pointsRemove", "GGrace8 pointsRemove", "MMonaNot voted yetLeave"]);
  });

  it("lets the viewer vote from the scale, change the vote and take it back", async () => {
    const { sent } = renderVotes([{ id: "v3", value: null, voter: ME }]);
    const ballot = await screen.findByRole("group", { name: "Your vote" });
    await userEvent.click(within(ballot).getByRole("button", { name: "5 points" }));
    await vi.waitFor(() =>
      expect(within(ballot).getByRole("button", { name: "5 points" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(await within(await region()).findByText("1 of 1 voted · all agree on 5 points")).toBeInTheDocument();
    // Pressing the chosen value again takes the vote back.
    await userEvent.click(within(ballot).getByRole("button", { name: "5 points" }));
    await vi.waitFor(() => expect(sent("setEstimationVote")).toHaveLength(2));
    expect(sent("setEstimationVote").map((call) => call.variables.input)).toEqual([
      { estimationVoteId: "v3", value: 5 },
      { estimationVoteId: "v3", value: null },
    ]);
    await vi.waitFor(() =>
      expect(within(ballot).getByRole("button", { name: "5 points" })).toHaveAttribute("aria-pressed", "false"),
    );
  });

  it("asks the people picked when the picker closes, offering those already asked as done", async () => {
    const { sent } = renderVotes([{ id: "v1", value: 3, voter: ADA }]);
    await userEvent.click(await within(await region()).findByRole("button", { name: "Ask to estimate…" }));
    const list = await screen.findByRole("dialog", { name: "Ask people to estimate this issue" });
    expect(within(list).getByRole("option", { name: /Ada/ })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(within(list).getByRole("option", { name: /Grace/ }));
    await userEvent.click(within(list).getByRole("option", { name: /Mona/ }));
    await userEvent.keyboard("{Escape}");
    // Now asked, the viewer can vote; they were asked once, though Escape closed the list and its popover.
    expect(await screen.findByRole("group", { name: "Your vote" })).toBeInTheDocument();
    expect(sent("inviteToEstimate")).toHaveLength(1);
    expect(sent("inviteToEstimate")[0]?.variables.input).toEqual({
      workspaceId: "w1",
      issueIds: ["i1"],
      gantryUserIds: [GRACE.id, ME.id],
    });
    expect(within(await region()).getByText("1 of 3 voted · average 3 points")).toBeInTheDocument();
  });

  it("removes someone from the vote", async () => {
    const { sent } = renderVotes([
      { id: "v1", value: 3, voter: ADA },
      { id: "v2", value: 5, voter: GRACE },
    ]);
    await userEvent.click(await within(await region()).findByRole("button", { name: "Remove Ada from the vote" }));
    await vi.waitFor(() => expect(screen.queryByText("Ada")).not.toBeInTheDocument());
    expect(sent("removeEstimationVote")[0]?.variables.input).toEqual({ estimationVoteId: "v1" });
  });

  it("shows a refusal as a message and keeps the vote as the server holds it", async () => {
    renderVotes([{ id: "v2", value: 5, voter: GRACE }], {
      refuse: { removeEstimationVote: "You cannot change this workspace." },
    });
    await userEvent.click(await within(await region()).findByRole("button", { name: "Remove Grace from the vote" }));
    expect(await screen.findByText("Not removed: You cannot change this workspace.")).toBeInTheDocument();
    expect(within(await region()).getByText("Grace")).toBeInTheDocument();
  });

  it("offers a reader who was not asked neither a ballot nor the people picker", async () => {
    renderVotes([{ id: "v1", value: null, voter: ADA }], { canWrite: false });
    const votes = await region();
    expect(await within(votes).findByText("0 of 1 voted")).toBeInTheDocument();
    expect(within(votes).queryByRole("button", { name: "Ask to estimate…" })).not.toBeInTheDocument();
    expect(within(votes).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Your vote" })).not.toBeInTheDocument();
  });

  it("says when no one has been asked", async () => {
    renderVotes([]);
    expect(await within(await region()).findByText("No one has been asked to vote.")).toBeInTheDocument();
  });
});

describe("voteSummary", () => {
  it("counts the votes cast and averages them to two decimals", () => {
    expect(voteSummary([])).toBe("0 of 0 voted");
    expect(voteSummary([{ value: null }, { value: null }])).toBe("0 of 2 voted");
    expect(voteSummary([{ value: 1 }, { value: 2 }, { value: 2 }, { value: null }])).toBe(
      "3 of 4 voted · average 1.67 points",
    );
    expect(voteSummary([{ value: 1 }, { value: 1 }])).toBe("2 of 2 voted · all agree on 1 point");
    // Not everyone has voted: no agreement yet, just the average.
    expect(voteSummary([{ value: 3 }, { value: null }])).toBe("1 of 2 voted · average 3 points");
  });
});
