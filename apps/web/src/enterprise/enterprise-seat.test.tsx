import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../accounts/auth-context";
import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import type { RuntimeConfig } from "../app/runtime-config";
import { renderPage } from "../test/render";
import { usageReportKey, useEnterpriseSeat } from "./use-enterprise-seat";

/** The server as the web app sees it: the user-info load, then the viewer's seat and the usage report. */
function fakeServer(seat: { id: string } | null) {
  const operations: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/user-info")) {
        return Response.json({
          flags: [],
          user: { zh: { raptorId: "u1", email: "ada@acme.io" }, gh: null },
          enterpriseSeat: seat,
        });
      }
      const { query } = JSON.parse(String(init?.body)) as { query: string };
      const operation = query.match(/^\s*(?:query|mutation)\s+(\w+)/)?.[1] ?? "anonymous";
      operations.push(operation);
      if (operation === "viewerEnterpriseSeat") {
        return Response.json({ data: { viewer: { enterpriseSeat: seat, seatRequestedAt: null } } });
      }
      return Response.json({ data: { trackEnterpriseSeatUsage: { day: new Date().toISOString().slice(0, 10) } } });
    }),
  );
  return operations;
}

function SeatProbe() {
  const seat = useEnterpriseSeat();
  return <p>{seat ? `seat ${seat.id}` : "no seat"}</p>;
}

function renderProbe(edition: RuntimeConfig["edition"]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SeatProbe />
      </AuthProvider>
    </QueryClientProvider>,
    { config: { edition } },
  );
}

describe("the enterprise seat in the web app", () => {
  beforeEach(() => localStorage.setItem(SESSION_TOKEN_KEY, "session"));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("keeps a seat with an id and reports the day's use once", async () => {
    const operations = fakeServer({ id: "seat-1" });
    renderProbe("enterprise");
    expect(await screen.findByText("seat seat-1")).toBeInTheDocument();
    await vi.waitFor(() => expect(operations).toContain("trackEnterpriseSeatUsage"));
    await vi.waitFor(() =>
      expect(localStorage.getItem(usageReportKey("u1"))).toBe(new Date().toISOString().slice(0, 10)),
    );
    expect(operations.filter((operation) => operation === "trackEnterpriseSeatUsage")).toHaveLength(1);
  });

  it("does not report use the same day again", async () => {
    localStorage.setItem(usageReportKey("u1"), new Date().toISOString().slice(0, 10));
    const operations = fakeServer({ id: "seat-1" });
    renderProbe("enterprise");
    expect(await screen.findByText("seat seat-1")).toBeInTheDocument();
    await vi.waitFor(() => expect(operations).toContain("viewerEnterpriseSeat"));
    expect(operations).not.toContain("trackEnterpriseSeatUsage");
  });

  it("sends no usage report without a seat", async () => {
    const operations = fakeServer(null);
    renderProbe("enterprise");
    await vi.waitFor(() => expect(operations).toContain("viewerEnterpriseSeat"));
    expect(screen.getByText("no seat")).toBeInTheDocument();
    expect(operations).not.toContain("trackEnterpriseSeatUsage");
  });

  it("never asks for a seat in the cloud edition", async () => {
    const operations = fakeServer({ id: "seat-1" });
    renderProbe("cloud");
    expect(await screen.findByText("no seat")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operations).toEqual([]);
  });
});
