import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../test/render-with-graphql";
import type { WorkspaceDetails } from "./api";
import { WorkspaceDetailsForm } from "./WorkspaceDetailsForm";

const workspace: WorkspaceDetails = {
  id: "w1",
  name: "Mobile app",
  description: null,
  private: false,
  pipelineLabelSync: false,
  viewerPermission: "ADMIN",
  isDeletable: true,
  gantryOrganization: { id: "org-acme", name: "Acme", members: [] },
  pipelines: [],
  members: [],
};

describe("workspace details", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("switches on mirroring pipelines to GitHub labels", async () => {
    const { calls } = renderWithGraphQL(<WorkspaceDetailsForm workspace={workspace} />, {
      path: "/workspaces/w1",
      graphql: () => ({ data: { updateWorkspace: { workspace: { id: "w1" } } } }),
    });
    await userEvent.click(screen.getByRole("checkbox", { name: /pipeline on GitHub as a "pipeline: …" label/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved");
    expect(calls.find((call) => call.operation === "updateWorkspace")?.variables).toMatchObject({
      workspaceId: "w1",
      pipelineLabelSync: true,
    });
  });
});
