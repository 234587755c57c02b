import { describe, expect, it } from "vitest";
import { organizationDropdownTitle, organizationEntries } from "../organizations/organization-list";
import { gitHubOwners } from "./github-owners";

const owners = gitHubOwners(
  { ghId: 1, login: "demo", name: "Dana Demo", avatarUrl: "https://hub.example/avatars/demo" },
  [{ ghId: 10, login: "acme", avatarUrl: "https://hub.example/avatars/acme" }],
);

describe("GitHub accounts in the organisation list (SPEC §2, §6)", () => {
  it("lists the user's own account first, marked isUser, then the GitHub organisations, none linked to Gantry", () => {
    expect(owners).toEqual([
      expect.objectContaining({ ghId: 1, isUser: true, ownerName: "demo", zhOrgId: null }),
      expect.objectContaining({ ghId: 10, isUser: false, ownerName: "acme", zhOrgId: null }),
    ]);
  });

  it("places them after the Gantry organisations and before pending requests, and retitles the dropdown", () => {
    const entries = organizationEntries(
      {
        organizations: [{ id: "org-1", name: "Acme Rockets", viewerRole: "OWNER", workspaces: { nodes: [] } }],
        accessRequests: [{ id: "r1", state: "PENDING", requestable: { id: "org-2", name: "Globex" } }],
      },
      "org-1",
      owners,
    );
    expect(entries.map((entry) => entry.ownerName)).toEqual(["Acme Rockets", "demo", "acme", "Globex"]);
    expect(organizationDropdownTitle(entries, "Gantry")).toBe("Organizations with access to Gantry");
  });
});
