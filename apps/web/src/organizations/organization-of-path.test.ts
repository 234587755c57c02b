import { describe, expect, it } from "vitest";
import { organizationOfPath } from "./organization-list";

const workspace = (id: string) => ({ id, name: id, description: null, private: false });
const alpha = { id: "org-a", workspaces: { nodes: [workspace("ws-a")] } };
const beta = { id: "org/b=", workspaces: { nodes: [workspace("ws/b==")] } };

describe("the organisation a page belongs to", () => {
  it("is named by an organisation page and found through a workspace page's workspace, ids encoded or not", () => {
    expect(organizationOfPath(`/organizations/${encodeURIComponent("org/b=")}/planning`, [alpha, beta])).toBe(beta);
    expect(organizationOfPath(`/workspaces/${encodeURIComponent("ws/b==")}/board`, [alpha, beta])).toBe(beta);
    expect(organizationOfPath("/workspaces/ws-a/issues/3", [alpha, beta])).toBe(alpha);
  });

  it("is none elsewhere, or when the viewer's list does not hold it", () => {
    expect(organizationOfPath("/landing", [alpha, beta])).toBeNull();
    expect(organizationOfPath("/workspaces/elsewhere", [alpha, beta])).toBeNull();
    expect(organizationOfPath("/organizations/elsewhere/roadmap", [alpha, beta])).toBeNull();
  });
});
