import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { detectBrowserProblem } from "./browser-support";
import { defaultRuntimeConfig, readRuntimeConfig } from "./runtime-config";
import { applyTheme, readThemePreference, THEME_STORAGE_KEY } from "./theme";

function fakeWindow(overrides: { localStorage?: () => Storage; supportsHas?: boolean }) {
  return {
    fetch: () => undefined,
    structuredClone: () => undefined,
    CSS: { supports: () => overrides.supportsHas ?? true },
    get localStorage() {
      return (overrides.localStorage ?? (() => memoryStorage()))();
    },
  } as unknown as Window & typeof globalThis;
}

describe("browser support", () => {
  it("accepts a modern browser with storage", () => {
    expect(detectBrowserProblem(fakeWindow({}))).toBeNull();
  });

  it("reports private mode when storage throws", () => {
    const throwing = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(detectBrowserProblem(fakeWindow({ localStorage: throwing }))).toBe("private-mode");
  });

  it("reports an old browser as unsupported", () => {
    expect(detectBrowserProblem(fakeWindow({ supportsHas: false }))).toBe("unsupported");
  });
});

describe("theme", () => {
  it("follows the system until a theme is chosen", () => {
    const root = document.createElement("html");
    applyTheme(root, readThemePreference(memoryStorage()));
    expect(root.dataset.colorMode).toBe("auto");
  });

  it("applies the stored dark-mode and light-mode values and ignores others", () => {
    const root = document.createElement("html");
    applyTheme(root, readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: "dark-mode" })));
    expect(root.dataset.colorMode).toBe("dark");
    applyTheme(root, readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: "light-mode" })));
    expect(root.dataset.colorMode).toBe("light");
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: "purple" }))).toBeNull();
  });
});

describe("runtime config", () => {
  it("reads the server's meta tag and falls back to defaults without one", () => {
    const doc = document.implementation.createHTMLDocument();
    expect(readRuntimeConfig(doc)).toEqual(defaultRuntimeConfig);
    const meta = doc.createElement("meta");
    meta.name = "gantry-config";
    meta.content = JSON.stringify({ productName: "Acme Plan", edition: "enterprise" });
    doc.head.append(meta);
    expect(readRuntimeConfig(doc)).toMatchObject({ productName: "Acme Plan", edition: "enterprise" });
  });
});
