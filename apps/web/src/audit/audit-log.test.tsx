import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { AdminAuditLogPage } from "./AdminAuditLogPage";
import type { AuditEventRow } from "./api";
import { OrganizationAuditLogPage } from "./OrganizationAuditLogPage";

function settingsAnswer(viewerRole: "OWNER" | "ADMIN" | "MEMBER") {
  return {
    data: {
      viewer: {
        id: "me",
        gantryOrganizations: {
          nodes: [
            {
              id: "org-acme",
              name: "Acme",
              viewerRole,
              requireSaml: false,
              members: [],
              invitations: [],
              accessRequests: [],
            },
          ],
        },
      },
    },
  };
}

const roleChange: AuditEventRow = {
  id: "event-1",
  occurredAt: new Date().toISOString(),
  action: "ORGANIZATION_MEMBER_ROLE_CHANGED",
  actor: { gantryUserId: "user-olga", name: "Olga", email: "olga@acme.test" },
  target: { type: "user", id: "mo-id", label: "mo@acme.test" },
  ipAddress: "203.0.113.7",
  details: { from: "member", to: "admin" },
};
const workspaceDeleted: AuditEventRow = {
  id: "event-2",
  occurredAt: new Date().toISOString(),
  action: "WORKSPACE_DELETED",
  actor: { gantryUserId: "user-olga", name: "Olga", email: "olga@acme.test" },
  target: { type: "workspace", id: "ws-id", label: "Roadmap" },
  ipAddress: null,
  details: {},
};

const page = (nodes: AuditEventRow[], hasNextPage: boolean, totalCount = 2) => ({
  totalCount,
  pageInfo: { hasNextPage, endCursor: hasNextPage ? "cursor-1" : null },
  nodes,
});

function renderOrganizationLog(
  viewerRole: "OWNER" | "ADMIN" | "MEMBER",
  log: (call: GraphQLCall) => unknown = () => ({ data: { node: { auditEvents: page([], false, 0) } } }),
) {
  return renderWithGraphQL(<OrganizationAuditLogPage />, {
    path: "/settings/o/:orgName/audit-log",
    entry: "/settings/o/Acme/audit-log",
    otherPaths: ["/settings/o/:orgName", "/landing"],
    graphql: (call) => (call.operation === "organizationSettings" ? settingsAnswer(viewerRole) : log(call)),
  });
}

describe("the audit log pages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows an admin who did what to whom, from where, filters by action and loads more", async () => {
    const { calls } = renderOrganizationLog("ADMIN", ({ variables }) => ({
      data: {
        node: {
          auditEvents:
            variables.action === "WORKSPACE_DELETED"
              ? page([workspaceDeleted], false, 1)
              : variables.after === null
                ? page([roleChange], true)
                : page([workspaceDeleted], false),
        },
      },
    }));
    const table = await screen.findByRole("table");
    const [, first] = within(table).getAllByRole("row");
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "less than a minute ago",
      "Olga (olga@acme.test)",
      "Changed an organization role",
      "mo@acme.testmember → admin",
      "203.0.113.7",
    ]);
    expect(screen.getByText("2 events")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("cell", { name: "Deleted a workspace" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Action"), "Deleted a workspace");
    expect(await screen.findByText("1 event")).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      operation: "OrganizationAuditLog",
      variables: { id: "org-acme", action: "WORKSPACE_DELETED", after: null },
    });
  });

  it("gives a member the forbidden state without asking for the log", async () => {
    const { calls } = renderOrganizationLog("MEMBER");
    expect(await screen.findByRole("heading", { name: "You can't see this page" })).toBeInTheDocument();
    expect(screen.getByText("Only organization owners and admins can read the audit log.")).toBeInTheDocument();
    expect(calls.map((call) => call.operation)).toEqual(["organizationSettings"]);
  });

  it("says when nothing is recorded, and offers to try again when the log fails to load", async () => {
    renderOrganizationLog("OWNER");
    expect(await screen.findByText("Nothing has been recorded yet.")).toBeInTheDocument();
    vi.unstubAllGlobals();

    renderOrganizationLog("OWNER", () => ({ errors: [{ message: "Database unavailable" }] }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The audit log could not be loaded: Database unavailable",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("words what signing out everywhere and a password reset ended", async () => {
    const ended = (id: string, action: AuditEventRow["action"], sessionsEnded: number): AuditEventRow => ({
      ...roleChange,
      id,
      action,
      target: { type: "user", id: "olga-id", label: "olga@acme.test" },
      details: { sessionsEnded, apiCredentialsRevoked: 1 },
    });
    renderWithGraphQL(<AdminAuditLogPage />, {
      path: "/admin/audit-log",
      graphql: () => ({
        data: {
          auditEvents: page([ended("e1", "SIGNOUT_EVERYWHERE", 2), ended("e2", "PASSWORD_RESET", 1)], false),
        },
      }),
    });
    const [, everywhere, reset] = within(await screen.findByRole("table")).getAllByRole("row");
    expect(everywhere).toHaveTextContent("Signed out everywhere");
    expect(everywhere).toHaveTextContent("olga@acme.test2 other sessions ended and 1 API key was revoked");
    expect(reset).toHaveTextContent("1 session ended and 1 API key was revoked");
  });

  it("tells someone who does not run the install that the instance log is not theirs", async () => {
    renderWithGraphQL(<AdminAuditLogPage />, {
      path: "/admin/audit-log",
      graphql: () => ({
        errors: [{ message: "You do not have permission to do this.", extensions: { code: "FORBIDDEN" } }],
      }),
    });
    expect(
      await screen.findByText("Only the people who run this Gantry installation can read its audit log."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
