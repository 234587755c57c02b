/**
 * What a person types after Ctrl/Cmd K while the palette's code is still loading (it is read on first
 * use, decision 0072) and its box does not exist yet. Without this the keys went to the page behind:
 * lost, or taken as the board's shortcuts. Started when the palette is asked for, taken (and stopped)
 * when its box gets the focus, so every key lands in the box once and in order (decision 0082).
 */
export interface TypeAhead {
  /** The text typed so far; stops listening, since from now on keys reach the box itself. */
  take: () => string;
  /** Stops listening without using the text (the palette was closed before its box existed). */
  stop: () => void;
}

/** A key that types one character, as the box would take it (AltGr and macOS Option included). */
function typedCharacter(event: KeyboardEvent): string | null {
  if (event.isComposing || event.metaKey || (event.ctrlKey && !event.altKey)) return null;
  return [...event.key].length === 1 ? event.key : null;
}

/**
 * Listens on the window in the capture phase, ahead of every shortcut listener, and keeps the keys from
 * the page: "?" does not open the shortcut sheet and a focused field behind does not receive them.
 * Escape is `onEscape` (the box's dialog would have been dismissed); other keys (Enter, arrows) are
 * left alone: there is nothing on screen yet to pick.
 */
export function startTypeAhead(onEscape: () => void, target: Window = window): TypeAhead {
  let text = "";
  const onKeyDown = (event: KeyboardEvent) => {
    const character = typedCharacter(event);
    if (character !== null) {
      text += character;
    } else if (event.key === "Backspace" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      text = [...text].slice(0, -1).join("");
    } else if (event.key === "Escape") {
      onEscape();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
  target.addEventListener("keydown", onKeyDown, true);
  const stop = () => target.removeEventListener("keydown", onKeyDown, true);
  return {
    take: () => {
      stop();
      return text;
    },
    stop,
  };
}
