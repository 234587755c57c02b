import { useEffect, useMemo, useRef, useState } from "react";
import { startTypeAhead, type TypeAhead } from "./command-palette/type-ahead";

export type ShellOverlay = "palette" | "shortcuts" | null;

/**
 * Which of the shell's overlays is open. Asking for the palette starts its type-ahead at once, in the
 * key handler itself, so no key typed before React renders is missed (decision 0082).
 */
export function useShellOverlay() {
  const [overlay, setOverlay] = useState<ShellOverlay>(null);
  const shown = useRef<ShellOverlay>(null);
  const typeAhead = useRef<TypeAhead | null>(null);

  const controls = useMemo(() => {
    function show(next: ShellOverlay) {
      typeAhead.current?.stop();
      typeAhead.current = next === "palette" ? startTypeAhead(() => show(null)) : null;
      shown.current = next;
      setOverlay(next);
    }
    return {
      togglePalette: () => show(shown.current === "palette" ? null : "palette"),
      openHelp: () => show("shortcuts"),
      close: () => show(null),
      /** For the palette's box when it gets the focus: what was typed before it existed. */
      takeTypedAhead: () => {
        const typed = typeAhead.current?.take() ?? "";
        typeAhead.current = null;
        return typed;
      },
    };
  }, []);
  useEffect(() => () => typeAhead.current?.stop(), []);

  return { overlay, ...controls };
}
