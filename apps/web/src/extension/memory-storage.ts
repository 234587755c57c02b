import { storageAvailable } from "../app/browser-support";

/** A Web Storage that lasts as long as the page. */
export class MemoryStorage implements Storage {
  protected readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  clear(): void {
    for (const key of [...this.items.keys()]) this.removeItem(key);
  }
}

/**
 * A page framed inside GitHub's is a third-party frame, and browsers that block third-party
 * storage deny it localStorage. The extension's pages then keep their display settings in
 * memory for the page's life instead of refusing to run as if in private mode; the session
 * never depended on it (the extension hands the token over).
 */
export function keepStorageInMemoryIfDenied(win: Window): void {
  if (storageAvailable(win)) return;
  Object.defineProperty(win, "localStorage", { value: new MemoryStorage(), configurable: true });
}
