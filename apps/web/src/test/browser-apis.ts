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
