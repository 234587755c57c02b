import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import { ToastProvider } from "../../ui/toast/ToastProvider";
import { IssueTypeField } from "./IssueTypeField";

const CHOICES = [
  { name: "Bug", description: "Something isn't working", color: "red" },
  { name: "Feature", description: "A request, idea, or new functionality", color: "blue" },
];

function renderField({
  type = null as string | null,
  disabledReason = null as string | null,
  setType = (_call: GraphQLCall): unknown => ({ data: { setIssuesType: { successCount: 1, githubErrors: {} } } }),
} = {}) {
  let current = type;
  const graphql = (call: GraphQLCall) => {
    if (call.operation === "issueTypeField")
      return {
        data: { node: { id: "i1", issueType: current ? { name: current } : null, issueTypeChoices: CHOICES } },
      };
    if (call.operation === "setIssuesType") {
      const answer = setType(call) as { data?: { setIssuesType: { githubErrors: Record<string, string> } } };
      if (answer.data && Object.keys(answer.data.setIssuesType.githubErrors).length === 0)
        current = (call.variables.name as string | null) ?? null;
      return answer;
    }
    return { data: {} };
  };
  const rendered = renderWithGraphQL(
    <ToastProvider>
      <IssueTypeField issueId="i1" disabledReason={disabledReason} />
    </ToastProvider>,
    { path: "/", graphql },
  );
  const sent = (operation: string) => rendered.calls.filter((call) => call.operation === operation);
  return { sent };
}

const typeButton = () => screen.findByRole("button", { name: "Type" });
const rowText = async () => ((await typeButton()).closest("div") as HTMLElement).textContent;

describe("the sidebar's issue type picker", () => {
  it("lists the organisation's issue types, sets the one picked and shows it", async () => {
    const { sent } = renderField();
    await vi.waitFor(async () => expect(await rowText()).toContain("No type"));
    await userEvent.click(await typeButton());
    const picker = await screen.findByRole("dialog", { name: "Set this issue's type" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No type", expect.stringContaining("Bug"), expect.stringContaining("Feature")]);
    await userEvent.click(within(picker).getByRole("option", { name: /Feature/ }));
    await vi.waitFor(async () => expect(await rowText()).toContain("Feature"));
    expect(sent("setIssuesType").map((call) => call.variables)).toEqual([{ issueIds: ["i1"], name: "Feature" }]);
  });

  it("clears the type with No type", async () => {
    const { sent } = renderField({ type: "Bug" });
    await vi.waitFor(async () => expect(await rowText()).toContain("Bug"));
    await userEvent.click(await typeButton());
    const picker = await screen.findByRole("dialog", { name: "Set this issue's type" });
    await userEvent.click(within(picker).getByRole("option", { name: "No type" }));
    await vi.waitFor(async () => expect(await rowText()).toContain("No type"));
    expect(sent("setIssuesType").map((call) => call.variables)).toEqual([{ issueIds: ["i1"], name: null }]);
  });

  it("says why GitHub refused a type and keeps the one the issue has", async () => {
    renderField({
      type: "Bug",
      setType: () => ({
        data: {
          setIssuesType: {
            successCount: 0,
            githubErrors: { i1: "GitHub refused the request: Feature is not an issue type." },
          },
        },
      }),
    });
    await userEvent.click(await typeButton());
    const picker = await screen.findByRole("dialog", { name: "Set this issue's type" });
    await userEvent.click(within(picker).getByRole("option", { name: /Feature/ }));
    expect(
      await screen.findByText("Type was not changed: GitHub refused the request: Feature is not an issue type."),
    ).toBeInTheDocument();
    await vi.waitFor(async () => expect(await rowText()).toContain("Bug"));
  });

  it("is disabled, saying why, when the viewer cannot change the issue", async () => {
    renderField({ disabledReason: "You can read this issue but not change it." });
    expect(await typeButton()).toBeDisabled();
    expect(await typeButton()).toHaveAttribute("title", "You can read this issue but not change it.");
  });
});
