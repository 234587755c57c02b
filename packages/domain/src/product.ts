/**
 * Product-wide constants from SPEC §1 and §9. The product name is a default: a
 * self-hosted install may rename it through configuration, so shown texts take
 * the name as a parameter instead of importing this constant directly.
 */
export const DEFAULT_PRODUCT_NAME = "Gantry";
export const CODE_HOST_NAME = "GitHub";

/** The client version string the web app reports (SPEC, head). */
export const CLIENT_VERSION = "4.5.51";

export const EDITIONS = ["cloud", "enterprise"] as const;
export type Edition = (typeof EDITIONS)[number];

export const THEMES = ["dark-mode", "light-mode"] as const;
export type Theme = (typeof THEMES)[number];
