import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Priority, Release } from "../../issues/fields-api";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { EstimateScaleSettings } from "./EstimateScaleSettings";
import { PrioritiesSettings } from "./PrioritiesSettings";
import { ReleasesSettings } from "./ReleasesSettings";

type Input = Record<string, unknown>;

/** A workspace's fields held in memory, answering the settings' requests as the server would. */
function fakeServer() {
  let priorities: Priority[] = [
    { id: "p1", name: "High", color: "#d1242f" },
    { id: "p2", name: "Low", color: "#1f883d" },
  ];
  let releases: Release[] = [
    { id: "r1", title: "v1", description: null, startOn: "2026-12-01", endOn: "2027-01-15", state: "OPEN" },
  ];
  let scale = [1, 2, 3, 5, 8, 13, 21, 40];
  const handle = ({ operation, variables }: GraphQLCall) => {
    const input = (variables.input ?? {}) as Input;
    switch (operation) {
      case "workspacePriorities":
        return { data: { workspace: { prioritiesConnection: { nodes: priorities } } } };
      case "workspaceReleases":
        return { data: { workspace: { releases: { nodes: releases } } } };
      case "workspaceEstimateSet":
        return { data: { workspace: { estimateSet: { values: scale } } } };
      case "createPriority": {
        const priority = { id: `p${priorities.length + 1}`, name: String(input.name), color: String(input.color) };
        priorities = [...priorities, priority];
        return { data: { createPriority: { priority } } };
      }
      case "updatePriority": {
        const moved = priorities.find((priority) => priority.id === input.priorityId);
        if (!moved) throw new Error("no priority");
        const others = priorities.filter((priority) => priority !== moved);
        const position = typeof input.position === "number" ? input.position : priorities.indexOf(moved);
        const updated = { ...moved, ...(input.name ? { name: String(input.name) } : {}) };
        priorities = [...others.slice(0, position), updated, ...others.slice(position)];
        return { data: { updatePriority: { priority: updated } } };
      }
      case "deletePriority":
        priorities = priorities.filter((priority) => priority.id !== input.priorityId);
        return { data: { deletePriority: { priority: { id: input.priorityId } } } };
      case "createRelease": {
        const release = { id: "r2", state: "OPEN" as const, ...(input.release as Omit<Release, "id" | "state">) };
        releases = [...releases, release];
        return { data: { createRelease: { release } } };
      }
      case "updateRelease":
        releases = releases.map((release) =>
          release.id === input.releaseId ? { ...release, ...(input.release as Partial<Release>) } : release,
        );
        return { data: { updateRelease: { release: releases[0] } } };
      case "addEstimateSetValue":
        scale = [...scale, Number(input.value)].sort((a, b) => a - b);
        return { data: { addEstimateSetValue: { estimateSet: { values: scale } } } };
      case "removeEstimateSetValue":
        scale = scale.filter((value) => value !== input.value);
        return { data: { removeEstimateSetValue: { estimateSet: { values: scale } } } };
      default:
        return { errors: [{ message: `unexpected ${operation}` }] };
    }
  };
  return { handle };
}

const render = (page: React.ReactNode) => {
  const server = fakeServer();
  return renderWithGraphQL(page, { path: "/workspaces/w1", graphql: server.handle });
};
const callsOf = (calls: GraphQLCall[], operation: string) => calls.filter((call) => call.operation === operation);

describe("workspace field settings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists priorities highest first, adds one last, reorders by buttons and deletes after confirming", async () => {
    const user = userEvent.setup();
    const { calls } = render(<PrioritiesSettings workspaceId="w1" />);
    const list = await screen.findByRole("list", { name: "Priorities, highest first" });
    expect(await within(list).findAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Move High up" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Add priority" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A priority needs a name.");
    expect(callsOf(calls, "createPriority")).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Urgent");
    await user.click(screen.getByRole("button", { name: "Add priority" }));
    expect(await within(list).findByText("Urgent")).toBeInTheDocument();
    expect(callsOf(calls, "createPriority")[0]?.variables).toEqual({
      input: { workspaceId: "w1", name: "Urgent", color: "#d1242f" },
    });

    await user.click(screen.getByRole("button", { name: "Move Urgent up" }));
    await vi.waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["High", "Urgent", "Low"]),
    );
    expect(callsOf(calls, "updatePriority")[0]?.variables).toEqual({ input: { priorityId: "p3", position: 1 } });

    await user.click(screen.getByRole("button", { name: "Delete Low" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Low?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete priority" }));
    await vi.waitFor(() => expect(within(list).queryByText("Low")).not.toBeInTheDocument());
  });

  it("renames a priority in place", async () => {
    const user = userEvent.setup();
    const { calls } = render(<PrioritiesSettings workspaceId="w1" />);
    await user.click(await screen.findByRole("button", { name: "Edit High" }));
    const name = screen.getAllByRole("textbox", { name: "Name" })[0] as HTMLElement;
    await user.clear(name);
    await user.type(name, "Critical");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Critical")).toBeInTheDocument();
    expect(callsOf(calls, "updatePriority")[0]?.variables).toMatchObject({
      input: { priorityId: "p1", name: "Critical" },
    });
  });

  it("creates a release with dates, refuses an end before the start, and closes one", async () => {
    const user = userEvent.setup();
    const { calls } = render(<ReleasesSettings workspaceId="w1" />);
    expect(await screen.findByText("Dec 1, 2026 – Jan 15, 2027")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New release" }));
    const form = screen.getByRole("form", { name: "Create release" });
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "v2");
    await user.type(within(form).getByLabelText("Start"), "2027-02-10");
    await user.type(within(form).getByLabelText("End"), "2027-02-01");
    await user.click(within(form).getByRole("button", { name: "Create release" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("A release cannot end before it starts.");
    expect(callsOf(calls, "createRelease")).toHaveLength(0);

    await user.clear(within(form).getByLabelText("End"));
    await user.type(within(form).getByLabelText("End"), "2027-03-01");
    await user.click(within(form).getByRole("button", { name: "Create release" }));
    expect(await screen.findByText("Feb 10, 2027 – Mar 1, 2027")).toBeInTheDocument();
    expect(callsOf(calls, "createRelease")[0]?.variables).toEqual({
      input: {
        workspaceId: "w1",
        release: { title: "v2", description: "", startOn: "2027-02-10", endOn: "2027-03-01" },
      },
    });

    const v1 = screen.getByText("v1").closest("li") as HTMLElement;
    await user.click(within(v1).getByRole("button", { name: "Close" }));
    expect(await within(v1).findByText("Closed")).toBeInTheDocument();
    expect(within(v1).getByRole("button", { name: "Reopen" })).toBeInTheDocument();
  });

  it("shows the default estimate scale and lets admins add and remove points", async () => {
    const user = userEvent.setup();
    const { calls } = render(<EstimateScaleSettings workspaceId="w1" />);
    const scale = await screen.findByRole("list", { name: "Estimate scale" });
    await vi.waitFor(() =>
      expect(
        within(scale)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["1", "2", "3", "5", "8", "13", "21", "40"]),
    );
    await user.type(screen.getByRole("textbox", { name: "Points" }), "-1");
    await user.click(screen.getByRole("button", { name: "Add to scale" }));
    expect(screen.getByRole("alert")).toHaveTextContent("An estimate cannot be negative.");
    await user.clear(screen.getByRole("textbox", { name: "Points" }));
    await user.type(screen.getByRole("textbox", { name: "Points" }), "0.5");
    await user.click(screen.getByRole("button", { name: "Add to scale" }));
    expect(await within(scale).findByText("0.5")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove 40 from the scale" }));
    await vi.waitFor(() => expect(within(scale).queryByText("40")).not.toBeInTheDocument());
    expect(callsOf(calls, "removeEstimateSetValue")[0]?.variables).toEqual({ input: { workspaceId: "w1", value: 40 } });
  });
});
