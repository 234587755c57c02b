import { useEffect } from "react";
import { settingChanged } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";

/**
 * Escape leaves full screen. Whatever sits on top of the board takes Escape first (a dialog,
 * the issue flyover, a keyboard move being cancelled): those stop it or mark it handled.
 */
export function useFullScreenEscape() {
  const isFullScreen = useBoardSelector((state) => state.board.settings.isFullScreen);
  const dispatch = useBoardDispatch();
  useEffect(() => {
    if (!isFullScreen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      dispatch(settingChanged({ name: "isFullScreen", value: false }));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isFullScreen, dispatch]);
}
