import { describe, expect, it } from "vitest";
import { checkUserSetting, userSettingKind } from "./flags.js";

describe("saved user settings flags", () => {
  it("know the spec's flags with their value types", () => {
    expect(userSettingKind("gantry_welcome")).toBe("boolean");
    expect(userSettingKind("connect_repository")).toBe("boolean");
    expect(userSettingKind("webapp_theme_preference")).toBe("theme");
    expect(userSettingKind("gh_users_previously_invited_to_zh")).toBe("login-list");
  });

  it("accept unlisted dismissals by name, and nothing else", () => {
    expect(userSettingKind("roadmap_intro_dismissed")).toBe("boolean");
    expect(userSettingKind("saved_views_tooltip_dismissed")).toBe("boolean");
    expect(userSettingKind("Roadmap_dismissed")).toBeNull();
    expect(userSettingKind("_dismissed")).toBeNull();
    expect(userSettingKind(`${"a".repeat(100)}_dismissed`)).toBeNull();
    expect(userSettingKind("constructor")).toBeNull();
    expect(checkUserSetting("favourite_colour", true)).toEqual({
      ok: false,
      field: "name",
      message: '"favourite_colour" is not a known user setting.',
    });
  });

  it("check values against the flag's type", () => {
    expect(checkUserSetting("gantry_welcome", true)).toEqual({ ok: true, value: true });
    expect(checkUserSetting("gantry_welcome", "yes")).toEqual({
      ok: false,
      field: "value",
      message: "gantry_welcome must be true or false.",
    });
    expect(checkUserSetting("webapp_theme_preference", "dark-mode")).toEqual({ ok: true, value: "dark-mode" });
    expect(checkUserSetting("webapp_theme_preference", "sepia")).toEqual({
      ok: false,
      field: "value",
      message: 'webapp_theme_preference must be "dark-mode" or "light-mode".',
    });
  });

  it("keep a list of logins once each, and refuse long or odd lists", () => {
    expect(checkUserSetting("gh_users_previously_invited_to_zh", ["ada", "bob", "ada"])).toEqual({
      ok: true,
      value: ["ada", "bob"],
    });
    const refused = {
      ok: false,
      field: "value",
      message: "gh_users_previously_invited_to_zh must be a list of at most 500 GitHub logins of 1 to 100 characters.",
    };
    expect(checkUserSetting("gh_users_previously_invited_to_zh", "ada")).toEqual(refused);
    expect(checkUserSetting("gh_users_previously_invited_to_zh", [""])).toEqual(refused);
    expect(checkUserSetting("gh_users_previously_invited_to_zh", Array(501).fill("ada"))).toEqual(refused);
  });
});
