import { PlusIcon } from "@primer/octicons-react";
import { useMemo, useState } from "react";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { Button } from "../ui/Button";
import type { BoardPipeline } from "./api";
import { CreateIssueDialog } from "./CreateIssueDialog";

/** The board header's "New issue" button, and the same action in the command palette. */
export function NewIssueButton({ workspaceId, pipelines }: { workspaceId: string; pipelines: BoardPipeline[] }) {
  const [isOpen, setOpen] = useState(false);
  const commands = useMemo<PaletteCommand[]>(
    () => [
      {
        id: "board-new-issue",
        label: "New issue",
        group: "Board",
        keywords: ["create", "issue"],
        run: () => setOpen(true),
      },
    ],
    [],
  );
  useRegisterCommands(commands);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <PlusIcon aria-hidden />
        New issue
      </Button>
      {isOpen ? (
        <CreateIssueDialog workspaceId={workspaceId} pipelines={pipelines} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
