import { useMemo } from "react";
import { useGraphQL } from "../api/use-graphql";
import {
  type PaletteCommand,
  type PaletteSearch,
  useRegisterCommands,
  useRegisterSearch,
} from "../shell/command-palette/command-registry";
import { selectionCleared, settingChanged } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import { DISPLAY_TOGGLES } from "./DisplayOptions";

const SEARCH_ISSUES = `query paletteIssueSearch($workspaceId: ID!, $query: String!) {
  searchIssues(workspaceId: $workspaceId, query: $query, includeClosed: true, first: 10) {
    nodes { id number title htmlUrl }
  }
}`;

/** Puts the board's actions and its issue search in the command palette while the board is open. */
export function BoardCommands({ workspaceId }: { workspaceId: string }) {
  const dispatch = useBoardDispatch();
  const settings = useBoardSelector((state) => state.board.settings);
  const request = useGraphQL();

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

  const search = useMemo<PaletteSearch>(
    () => ({
      group: "Issues",
      find: async (text) => {
        const { searchIssues } = await request<{
          searchIssues: { nodes: { id: string; number: number; title: string; htmlUrl: string }[] };
        }>(SEARCH_ISSUES, { workspaceId, query: text });
        return searchIssues.nodes.map((issue) => ({
          id: `issue-${issue.id}`,
          label: `#${issue.number} ${issue.title}`,
          group: "Issues",
          run: () => window.open(issue.htmlUrl, "_blank", "noopener,noreferrer"),
        }));
      },
    }),
    [request, workspaceId],
  );
  useRegisterSearch(search);
  return null;
}
