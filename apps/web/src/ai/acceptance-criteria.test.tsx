import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IssueBodyEditor } from "../issues/editing/IssueBodyEditor";
import { renderWithGraphQL } from "../test/render-with-graphql";
import { AI_SUGGESTIONS_STORAGE_KEY } from "./use-ai-suggestions-preference";

interface Step {
  source: "MODEL" | "SIMILAR_CLOSED_ISSUES";
  criteria: string[];
  criteriaFrom?: { number: number }[];
  done: boolean;
  message?: string | null;
  failure?: string | null;
  similarIssues?: { id: string; number: number; title: string }[];
}

const step = (value: Step) =>
  `event: next\ndata: ${JSON.stringify({
    data: {
      suggestAcceptanceCriteria: { message: null, failure: null, similarIssues: [], criteriaFrom: [], ...value },
    },
  })}\n\n`;

/** A server-sent event stream the test writes to step by step, as the server would. */
function controlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    send: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
    end: () => {
      controller?.enqueue(new TextEncoder().encode("event: complete\ndata:\n\n"));
      controller?.close();
    },
  };
}

function renderEditor(options: { aiEnabled?: boolean; onSave?: (body: string) => Promise<unknown> } = {}) {
  const onSave = options.onSave ?? vi.fn(async () => undefined);
  const stream = controlledStream();
  const subscriptions: unknown[] = [];
  const { calls } = renderWithGraphQL(
    <IssueBodyEditor
      body="The export drops rows."
      canEdit
      onSave={onSave}
      criteriaFor={{ workspaceId: "W1", issueId: "I1", title: "CSV export" }}
    />,
    {
      path: "/",
      graphql: () => ({
        data: { workspace: { gantryOrganization: { id: "O1", aiEnabled: options.aiEnabled ?? true } } },
      }),
    },
  );
  const answerQueries = globalThis.fetch;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    if (headers.accept !== "text/event-stream") return answerQueries(url, init);
    subscriptions.push(JSON.parse(String(init.body)).variables);
    return stream.response;
  });
  return { stream, subscriptions, onSave, calls };
}

const openEditor = async () => {
  await userEvent.click(screen.getByRole("button", { name: "Edit description" }));
  return screen.findByRole("button", { name: "Suggest acceptance criteria" });
};

describe("Suggest acceptance criteria in the description editor", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("streams the model's checklist, lets the person edit it, then inserts it as a task list and saves", async () => {
    const { stream, subscriptions, onSave } = renderEditor();
    const suggest = await openEditor();
    await userEvent.type(screen.getByRole("textbox", { name: "Description" }), " Often.");
    await userEvent.click(suggest);
    expect(subscriptions).toEqual([
      { input: { workspaceId: "W1", issueId: "I1", title: "CSV export", body: "The export drops rows. Often." } },
    ]);

    stream.send(step({ source: "MODEL", criteria: ["Header row kept"], done: false }));
    const panel = await screen.findByRole("region", { name: "Suggested acceptance criteria" });
    expect(await within(panel).findByText("Header row kept")).toBeVisible();
    expect(within(panel).getByText("Asking the AI service…")).toBeVisible();
    expect(within(panel).getByRole("button", { name: "Stop" })).toBeVisible();

    stream.send(
      step({
        source: "MODEL",
        criteria: ["Header row kept", "Totals match", "Works offline"],
        done: true,
        similarIssues: [{ id: "C1", number: 7, title: "CSV header missing" }],
      }),
    );
    stream.end();
    const first = await within(panel).findByRole("textbox", { name: "Criterion 1" });
    expect(within(panel).getByText(/Similar closed issues given as examples: #7 CSV header missing/)).toBeVisible();
    await userEvent.clear(first);
    await userEvent.type(first, "The first line is the header row");
    await userEvent.click(within(panel).getByRole("button", { name: "Remove criterion 3" }));
    await userEvent.click(within(panel).getByRole("button", { name: "Add criterion" }));
    await userEvent.type(within(panel).getByRole("textbox", { name: "Criterion 3" }), "Exports 10,000 rows");
    await userEvent.click(within(panel).getByRole("button", { name: "Insert into description" }));

    expect(screen.queryByRole("region", { name: "Suggested acceptance criteria" })).toBeNull();
    const body = [
      "The export drops rows. Often.",
      "",
      "### Acceptance criteria",
      "",
      "- [ ] The first line is the header row",
      "- [ ] Totals match",
      "- [ ] Exports 10,000 rows",
      "",
    ].join("\n");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue(body);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledWith(body);
  });

  it("says when the criteria come from similar closed issues, and Discard leaves the description alone", async () => {
    const { stream } = renderEditor();
    await userEvent.click(await openEditor());
    stream.send(
      step({
        source: "SIMILAR_CLOSED_ISSUES",
        criteria: ["The CSV starts with a header row"],
        done: true,
        message:
          "No AI service is configured, so these criteria come from the most similar closed issues in this workspace.",
        similarIssues: [{ id: "C1", number: 1, title: "CSV export drops the header row" }],
      }),
    );
    stream.end();
    const panel = await screen.findByRole("region", { name: "Suggested acceptance criteria" });
    expect(await within(panel).findByText(/No AI service is configured/)).toBeVisible();
    expect(within(panel).getByText("Drawn from: #1 CSV export drops the header row")).toBeVisible();
    await userEvent.click(within(panel).getByRole("button", { name: "Discard" }));
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("The export drops rows.");
    expect(screen.getByRole("button", { name: "Suggest acceptance criteria" })).toBeVisible();
  });

  it("shows criteria from similar issues as quotes of them, and inserts them so; one rewritten is this issue's own", async () => {
    const { stream } = renderEditor();
    await userEvent.click(await openEditor());
    stream.send(
      step({
        source: "SIMILAR_CLOSED_ISSUES",
        criteria: ["The CSV starts with a header row", "Column names match the board", "Card text meets AA contrast"],
        criteriaFrom: [{ number: 1 }, { number: 1 }, { number: 2 }],
        done: true,
        message:
          "No AI service is configured, so these criteria come from the most similar closed issues in this workspace.",
      }),
    );
    stream.end();
    const panel = await screen.findByRole("region", { name: "Suggested acceptance criteria" });
    expect(await within(panel).findAllByText("from similar issue #1")).toHaveLength(2);
    expect(within(panel).getByText("from similar issue #2")).toBeVisible();
    const second = within(panel).getByRole("textbox", { name: "Criterion 2, from similar issue #1" });
    await userEvent.clear(second);
    await userEvent.type(second, "Estimates have their own column");
    expect(within(panel).getAllByText("from similar issue #1")).toHaveLength(1);
    await userEvent.click(within(panel).getByRole("button", { name: "Insert into description" }));
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue(
      [
        "The export drops rows.",
        "",
        "### Acceptance criteria",
        "",
        "- [ ] Estimates have their own column",
        "",
        "> From similar issue #1:",
        ">",
        "> - [ ] The CSV starts with a header row",
        "",
        "> From similar issue #2:",
        ">",
        "> - [ ] Card text meets AA contrast",
        "",
      ].join("\n"),
    );
  });

  it("shows a model failure with what came before it, and the description stays editable", async () => {
    const { stream } = renderEditor();
    await userEvent.click(await openEditor());
    stream.send(
      step({
        source: "MODEL",
        criteria: ["Header row kept"],
        done: true,
        failure: "The AI service is receiving too many requests (rate limit reached). Try again in 30 seconds.",
      }),
    );
    stream.end();
    expect(await screen.findByRole("alert")).toHaveTextContent("rate limit reached");
    expect(screen.getByRole("textbox", { name: "Criterion 1" })).toHaveValue("Header row kept");
    const description = screen.getByRole("textbox", { name: "Description" });
    await userEvent.type(description, " Still typing.");
    expect(description).toHaveValue("The export drops rows. Still typing.");
  });

  it("shows the server's refusal as a message", async () => {
    const { stream } = renderEditor();
    await userEvent.click(await openEditor());
    stream.send(
      `event: next\ndata: ${JSON.stringify({
        errors: [{ message: "AI features are turned off for this organization.", extensions: { code: "FORBIDDEN" } }],
      })}\n\n`,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("AI features are turned off for this organization.");
  });

  it("is hidden when the AI suggestions preference is off, and the organisation is not even asked", async () => {
    localStorage.setItem(AI_SUGGESTIONS_STORAGE_KEY, "false");
    const { calls } = renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Edit description" }));
    expect(screen.queryByRole("button", { name: "Suggest acceptance criteria" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("is hidden when the organisation switched AI off", async () => {
    const { calls } = renderEditor({ aiEnabled: false });
    await userEvent.click(screen.getByRole("button", { name: "Edit description" }));
    await waitFor(() => expect(calls.map((call) => call.operation)).toEqual(["workspaceAiEnabled"]));
    // Let the answer reach the component; an answer of true shows the button at this point (first test).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole("button", { name: "Suggest acceptance criteria" })).toBeNull();
  });
});
