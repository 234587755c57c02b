import { CODE_HOST_NAME, THEMES } from "../product.js";

/** The kinds of value a saved setting holds. */
export type UserSettingKind = "boolean" | "theme" | "login-list";

export type UserSettingValue = boolean | string | string[];

/**
 * The saved user settings flags of SPEC §3, with `{product}` written gantry and `{codehost}`
 * github. Flags only the web app reads are listed too, so a typo is refused rather than stored.
 */
export const KNOWN_USER_SETTINGS = {
  persona_form_completed: "boolean",
  onboarding_completed: "boolean",
  has_disconnected_github: "boolean",
  webapp_theme_preference: "theme",
  gantry_welcome: "boolean",
  // SPEC §4 "Repository creator": the onboarding task marked once a repository is connected.
  connect_repository: "boolean",
  workflows_tutorial_viewed: "boolean",
  boards_tutorial_viewed: "boolean",
  sprints_tutorial_viewed: "boolean",
  predicted_sprint_selector_card_dismissed: "boolean",
  pmf_survey_2024: "boolean",
  nps_survey_2025_02: "boolean",
  gh_users_previously_invited_to_zh: "login-list",
} as const satisfies Record<string, UserSettingKind>;

export type KnownUserSetting = keyof typeof KNOWN_USER_SETTINGS;

/**
 * Dismissals not in the list are accepted by name: the spec expects many (`*_dismissed`,
 * `*_tooltip_dismissed`), and a new card or tooltip should not need a server release.
 */
export const DISMISSAL_SETTING_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*_dismissed$/;

export const USER_SETTING_NAME_MAX_LENGTH = 100;
export const LOGIN_LIST_MAX_ENTRIES = 500;
export const LOGIN_MAX_LENGTH = 100;

export function userSettingKind(name: string): UserSettingKind | null {
  if (Object.hasOwn(KNOWN_USER_SETTINGS, name)) return KNOWN_USER_SETTINGS[name as KnownUserSetting];
  if (name.length <= USER_SETTING_NAME_MAX_LENGTH && DISMISSAL_SETTING_PATTERN.test(name)) return "boolean";
  return null;
}

export type UserSettingCheck =
  | { ok: true; value: UserSettingValue }
  | { ok: false; field: "name" | "value"; message: string };

const isLogin = (entry: unknown): entry is string =>
  typeof entry === "string" && entry.length > 0 && entry.length <= LOGIN_MAX_LENGTH;

/** Checks a setting's name and value; the message says what the value must be. */
export function checkUserSetting(name: string, value: unknown): UserSettingCheck {
  const kind = userSettingKind(name);
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  if (!kind) return { ok: false, field: "name", message: `"${shown}" is not a known user setting.` };
  switch (kind) {
    case "boolean":
      return typeof value === "boolean"
        ? { ok: true, value }
        : { ok: false, field: "value", message: `${name} must be true or false.` };
    case "theme":
      return THEMES.some((theme) => theme === value)
        ? { ok: true, value: value as string }
        : { ok: false, field: "value", message: `${name} must be "${THEMES.join('" or "')}".` };
    case "login-list":
      return Array.isArray(value) && value.length <= LOGIN_LIST_MAX_ENTRIES && value.every(isLogin)
        ? { ok: true, value: [...new Set(value)] }
        : {
            ok: false,
            field: "value",
            message: `${name} must be a list of at most ${LOGIN_LIST_MAX_ENTRIES} ${CODE_HOST_NAME} logins of 1 to ${LOGIN_MAX_LENGTH} characters.`,
          };
  }
}
