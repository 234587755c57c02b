import { useEffect } from "react";

/** What the help sheet lists; the keys themselves are handled by `useShellShortcuts`. */
export const SHELL_SHORTCUTS = [
  { keys: ["Ctrl", "K"], macKeys: ["⌘", "K"], description: "Open the command palette" },
  { keys: ["?"], macKeys: ["?"], description: "Show keyboard shortcuts" },
  { keys: ["Esc"], macKeys: ["Esc"], description: "Close a dialog, menu or list" },
] as const;

export function isMac(platform = navigator.platform): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}

/** Whether a key press goes into a text field rather than being a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** Ctrl/Cmd+K toggles the palette anywhere; "?" opens the help sheet unless the person is typing. */
export function useShellShortcuts(handlers: { togglePalette: () => void; openHelp: () => void }) {
  const { togglePalette, openHelp } = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        togglePalette();
      } else if (event.key === "?" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        openHelp();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [togglePalette, openHelp]);
}
