import { PlusIcon } from "@primer/octicons-react";
import { Suspense, useMemo, useState } from "react";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { Button } from "../ui/Button";
import { lazyNamed } from "../ui/lazy-named";
import type { BoardPipeline } from "./api";

/** The dialog (and its label suggestions) is read when first opened, not with the board (B3). */
const CreateIssueDialog = lazyNamed(() => import("./CreateIssueDialog"), "CreateIssueDialog");

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
      <Button variant="primary" onClick={() => setOpen(true)} onPointerEnter={CreateIssueDialog.preload}>
        <PlusIcon aria-hidden />
        New issue
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <CreateIssueDialog workspaceId={workspaceId} pipelines={pipelines} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
