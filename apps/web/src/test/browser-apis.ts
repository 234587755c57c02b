import { afterAll, beforeAll, vi } from "vitest";

/** Browser APIs jsdom lacks that cmdk calls (it measures its list and scrolls the highlighted item into view). */
export function installLayoutApis(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}

/** Makes `prefers-color-scheme: dark` match or not, as the system setting would. */
export function emulateSystemDark(dark: boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: dark && query.includes("dark"),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * Gives boxes a size for the tests of a describe block: the virtualiser draws what fits its
 * scroll box, and jsdom lays nothing out. A card's slot (an `li`) is `cardHeight` tall; every
 * other box is `boxSize` in both directions.
 */
export function layOutBoxes({ boxSize, cardHeight = boxSize }: { boxSize: number; cardHeight?: number }): void {
  const sizes = [
    vi.spyOn(Element.prototype, "clientHeight", "get"),
    vi.spyOn(Element.prototype, "clientWidth", "get"),
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get"),
  ];
  beforeAll(() => {
    installLayoutApis();
    for (const size of sizes) {
      size.mockImplementation(function (this: Element) {
        return this.tagName === "LI" ? cardHeight : boxSize;
      });
    }
  });
  afterAll(() => {
    for (const size of sizes) size.mockRestore();
  });
}
