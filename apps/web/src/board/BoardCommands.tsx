import { useMemo } from "react";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { selectionCleared, settingChanged } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import { DISPLAY_TOGGLES } from "./DisplayOptions";

/**
 * Puts the board's actions in the command palette while the board is open; its issues are found
 * by the shell's search of the organisation's workspaces (organizations/use-workspace-search.ts).
 */
export function BoardCommands() {
  const dispatch = useBoardDispatch();
  const settings = useBoardSelector((state) => state.board.settings);

  const commands = useMemo<PaletteCommand[]>(
    () => [
      ...DISPLAY_TOGGLES.map(({ name, label }) => ({
        id: `board-toggle-${name}`,
        label: `${settings[name] ? "Hide" : "Show"} ${label.toLowerCase()}`,
        group: "Board",
        keywords: ["display", "toggle", label],
        run: () => dispatch(settingChanged({ name, value: !settings[name] })),
      })),
      {
        id: "board-clear-selection",
        label: "Clear selection",
        group: "Board",
        run: () => dispatch(selectionCleared()),
      },
    ],
    [settings, dispatch],
  );
  useRegisterCommands(commands);
  return null;
}
