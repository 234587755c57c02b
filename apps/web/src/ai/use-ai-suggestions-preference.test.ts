import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { AI_SUGGESTIONS_STORAGE_KEY, useAiSuggestionsPreference } from "./use-ai-suggestions-preference";

describe("the AI suggestions preference (SPEC §9: stored locally, on by default)", () => {
  it("is on when nothing is stored, or something unreadable is", () => {
    expect(renderHook(() => useAiSuggestionsPreference(memoryStorage())).result.current.enabled).toBe(true);
    const odd = memoryStorage({ [AI_SUGGESTIONS_STORAGE_KEY]: "maybe" });
    expect(renderHook(() => useAiSuggestionsPreference(odd)).result.current.enabled).toBe(true);
  });

  it("is stored when switched off, and every user of it on the page follows", () => {
    const storage = memoryStorage();
    const first = renderHook(() => useAiSuggestionsPreference(storage));
    const second = renderHook(() => useAiSuggestionsPreference(storage));
    act(() => first.result.current.setEnabled(false));
    expect(storage.getItem(AI_SUGGESTIONS_STORAGE_KEY)).toBe("false");
    expect(first.result.current.enabled).toBe(false);
    expect(second.result.current.enabled).toBe(false);
    act(() => second.result.current.setEnabled(true));
    expect(first.result.current.enabled).toBe(true);
  });

  it("follows a change another tab made", () => {
    const storage = memoryStorage();
    const { result } = renderHook(() => useAiSuggestionsPreference(storage));
    storage.setItem(AI_SUGGESTIONS_STORAGE_KEY, "false");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: AI_SUGGESTIONS_STORAGE_KEY, newValue: "false" }));
    });
    expect(result.current.enabled).toBe(false);
  });
});
