import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../accounts/auth-context";
import { renderPage } from "../test/render";
import { AnalyticsEventsPage } from "./AnalyticsEventsPage";

const event = (id: string, name: string) => ({
  id,
  event: name,
  properties: { tutorial: "Sprints" },
  createdAt: new Date().toISOString(),
  gantryUser: { email: "ada@acme.io" },
});

/** Answers the events query with `answer(variables)`. */
function fakeGraphQL(answer: (variables: { event: string | null; after: string | null }) => object) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { variables } = JSON.parse(String(init?.body)) as {
      variables: { event: string | null; after: string | null };
    };
    return Response.json(answer(variables));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderEventsPage() {
  renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <AnalyticsEventsPage />
      </AuthProvider>
    </QueryClientProvider>,
    { path: "/admin/analytics" },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the analytics events page", () => {
  it("tells someone who is not an instance admin that they cannot read events", async () => {
    fakeGraphQL(() => ({
      errors: [{ message: "You do not have permission to do this.", extensions: { code: "FORBIDDEN" } }],
    }));
    renderEventsPage();
    expect(
      await screen.findByText("Only the people who run this Gantry install can read analytics events."),
    ).toBeInTheDocument();
  });

  it("lists events newest first, filters by name and loads more", async () => {
    const fetchMock = fakeGraphQL(({ event: name, after }) => ({
      data: {
        analyticsEvents: {
          totalCount: 2,
          pageInfo: { hasNextPage: after === null && name === null, endCursor: "1" },
          nodes: [after === null ? event("a", name ?? "Tutorial Opened") : event("b", "Board Viewed")],
        },
      },
    }));
    renderEventsPage();
    expect(await screen.findByRole("cell", { name: "Tutorial Opened" })).toBeInTheDocument();
    expect(screen.getByText("2 events")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: '{"tutorial":"Sprints"}' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("cell", { name: "Board Viewed" })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Event name"), "Sprint Created");
    await userEvent.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByRole("cell", { name: "Sprint Created" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    const lastBody = JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body)) as { variables: unknown };
    expect(lastBody.variables).toEqual({ event: "Sprint Created", after: null });
  });
});
