import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../test/render-with-graphql";
import { OrganizationAiSection } from "./OrganizationAiSection";

describe("the organisation's AI switch in its settings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows whether AI is on and switches it off, reading the organisation again", async () => {
    let aiEnabled = true;
    const { calls } = renderWithGraphQL(<OrganizationAiSection organizationId="O1" />, {
      path: "/",
      graphql: ({ operation, variables }) => {
        if (operation === "setGantryOrganizationAiEnabled") aiEnabled = variables.aiEnabled as boolean;
        return { data: { node: { aiEnabled }, setGantryOrganizationAiEnabled: { gantryOrganization: { aiEnabled } } } };
      },
    });
    const box = await screen.findByRole("checkbox", { name: "Suggest acceptance criteria and labels with AI" });
    await vi.waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await vi.waitFor(() => expect(box).not.toBeChecked());
    expect(calls.map((call) => call.operation)).toEqual([
      "organizationAiEnabled",
      "setGantryOrganizationAiEnabled",
      "organizationAiEnabled",
    ]);
    expect(calls[1]?.variables).toEqual({ organizationId: "O1", aiEnabled: false });
  });

  it("says why the server refused", async () => {
    renderWithGraphQL(<OrganizationAiSection organizationId="O1" />, {
      path: "/",
      graphql: ({ operation }) =>
        operation === "setGantryOrganizationAiEnabled"
          ? { errors: [{ message: "Only organization admins can do this.", extensions: { code: "FORBIDDEN" } }] }
          : { data: { node: { aiEnabled: true } } },
    });
    const box = await screen.findByRole("checkbox", { name: "Suggest acceptance criteria and labels with AI" });
    await vi.waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(await screen.findByRole("alert")).toHaveTextContent("Only organization admins can do this.");
  });
});
