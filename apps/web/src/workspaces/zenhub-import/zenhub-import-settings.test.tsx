import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import type { ZenhubImport } from "./api";
import { ZenhubImportSettings } from "./ZenhubImportSettings";

const GOOD_KEY = "zh_good_key_123456";
const MERGE =
  "This workspace already has issues. Importing merges ZenHub's plan into it (no issue is duplicated); confirm to go on.";

/** The server's side: one readable ZenHub workspace, a workspace that already has issues, imports kept in memory. */
function fakeServer(options: { imports?: ZenhubImport[]; failImports?: boolean } = {}) {
  let imports = options.imports ?? [];
  return (call: GraphQLCall) => {
    const input = (call.variables.input ?? {}) as Record<string, unknown>;
    switch (call.operation) {
      case "workspaceZenhubImports":
        if (options.failImports) return { errors: [{ message: "The database is not answering." }] };
        return { data: { workspace: { zenhubImports: imports } } };
      case "zenhubWorkspacesForKey":
        if (call.variables.apiKey !== GOOD_KEY) {
          return {
            errors: [
              {
                message: "ZenHub did not accept this API key",
                extensions: { code: "BAD_USER_INPUT", field: "apiKey" },
              },
            ],
          };
        }
        return { data: { zenhubWorkspacesForKey: [{ id: "zw1", name: "Payments", organizationName: "Acme" }] } };
      case "startZenhubImport":
        if (!input.confirmMerge) {
          return { errors: [{ message: MERGE, extensions: { code: "BAD_USER_INPUT", field: "confirmMerge" } }] };
        }
        imports = [
          {
            id: "i1",
            zenhubWorkspaceName: "Payments",
            state: "RUNNING",
            stage: "issues",
            progress: [
              { kind: "pipelines", done: 7, total: 7 },
              { kind: "issues", done: 40, total: 100 },
            ],
            skipped: [
              { kind: "repository", name: "acme/secret", reason: "Your GitHub account cannot reach this repository." },
            ],
            error: null,
            secondsLeft: 90,
            finished: false,
            createdAt: "2026-11-27T10:00:00.000Z",
          },
        ];
        return { data: { startZenhubImport: { zenhubImport: { id: "i1" } } } };
      default:
        return { errors: [{ message: `unexpected ${call.operation}` }] };
    }
  };
}

const render = (options?: Parameters<typeof fakeServer>[0]) =>
  renderWithGraphQL(<ZenhubImportSettings workspaceId="ws1" />, {
    path: "/workspaces/ws1",
    graphql: fakeServer(options),
  });

describe("Import from ZenHub", () => {
  it("refuses a wrong key in words, then lists the key's workspaces, asks before merging and shows progress", async () => {
    const user = userEvent.setup();
    const { calls } = render();
    const form = await screen.findByRole("form", { name: "Import from ZenHub" });
    await user.type(within(form).getByLabelText("ZenHub API key"), "zh_wrong_key_0000");
    await user.click(within(form).getByRole("button", { name: "Find workspaces" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("ZenHub did not accept this API key");

    await user.clear(within(form).getByLabelText("ZenHub API key"));
    await user.type(within(form).getByLabelText("ZenHub API key"), GOOD_KEY);
    await user.click(within(form).getByRole("button", { name: "Find workspaces" }));
    expect(await within(form).findByLabelText("ZenHub workspace")).toHaveDisplayValue("Acme / Payments");

    await user.click(within(form).getByRole("button", { name: "Start import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MERGE);
    await user.click(within(form).getByRole("button", { name: "Merge into this workspace" }));

    const kinds = await screen.findByRole("list", { name: "Progress by kind" });
    expect(within(kinds).getByText("Issues placed")).toBeInTheDocument();
    expect(within(kinds).getByText("40 of 100")).toBeInTheDocument();
    expect(screen.getByText("About 2 min left")).toBeInTheDocument();
    expect(screen.getByText("acme/secret")).toBeInTheDocument();
    // While it runs, no second import can be started.
    expect(screen.queryByRole("form", { name: "Import from ZenHub" })).not.toBeInTheDocument();
    const starts = calls.filter((call) => call.operation === "startZenhubImport");
    expect(starts.at(-1)?.variables).toEqual({
      input: { workspaceId: "ws1", apiKey: GOOD_KEY, zenhubWorkspaceId: "zw1", confirmMerge: true },
    });
  });

  it("says so when the imports cannot be loaded", async () => {
    render({ failImports: true });
    expect(await screen.findByRole("alert")).toHaveTextContent("The imports could not be loaded");
  });
});
