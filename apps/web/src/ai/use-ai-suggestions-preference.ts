import { useCallback, useSyncExternalStore } from "react";

/**
 * SPEC §9: the AI suggestions preference is stored locally, on by default. The spec gives no
 * key; this one is ours (docs/decisions/0033). Only "false" turns suggestions off, so a
 * missing or unreadable value leaves them on.
 */
export const AI_SUGGESTIONS_STORAGE_KEY = "aiSuggestionsEnabled";

/** Tells the other hooks in this tab; the browser's own `storage` event reaches the other tabs. */
const CHANGED_IN_THIS_TAB = "gantry:ai-suggestions-preference";

export function readAiSuggestionsPreference(storage: Storage): boolean {
  try {
    return storage.getItem(AI_SUGGESTIONS_STORAGE_KEY) !== "false";
  } catch {
    return true;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AI_SUGGESTIONS_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED_IN_THIS_TAB, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED_IN_THIS_TAB, onChange);
  };
}

/**
 * Whether AI suggestions (acceptance criteria, labels) are shown on this device, and how to
 * change it. Every component using it follows a change made anywhere, in this tab or another.
 */
export function useAiSuggestionsPreference(storage: Storage = window.localStorage): {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
} {
  const enabled = useSyncExternalStore(
    subscribe,
    () => readAiSuggestionsPreference(storage),
    () => true,
  );
  const setEnabled = useCallback(
    (next: boolean) => {
      storage.setItem(AI_SUGGESTIONS_STORAGE_KEY, String(next));
      window.dispatchEvent(new Event(CHANGED_IN_THIS_TAB));
    },
    [storage],
  );
  return { enabled, setEnabled };
}
