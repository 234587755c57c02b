import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import { MemoryStorage } from "./memory-storage";
import type { ParentFrame } from "./parent-frame";

/**
 * The stored token keys of the embedded app (SPEC §9). They live in the extension's storage;
 * this copy in memory starts from the token the extension handed over, and erasing the session
 * token here asks the extension to erase its stored keys too.
 */
export class EmbeddedTokenStorage extends MemoryStorage {
  readonly #parent: ParentFrame;

  constructor(parent: ParentFrame, token: string | null) {
    super();
    this.#parent = parent;
    if (token) this.items.set(SESSION_TOKEN_KEY, token);
  }

  override removeItem(key: string): void {
    const had = this.items.delete(key);
    if (had && key === SESSION_TOKEN_KEY) this.#parent.post({ type: "gantry:erase-tokens" });
  }
}
