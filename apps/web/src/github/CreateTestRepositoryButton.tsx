import { RepoIcon } from "@primer/octicons-react";
import { useReducer } from "react";
import { Button } from "../ui/Button";
import { CreateTestRepositoryModal } from "./CreateTestRepositoryModal";
import { initialRepositoryCreatorState, repositoryCreatorReducer } from "./repository-creator-state";

/** Opens the Create test repository modal; a created repository joins `workspaceId` when given. */
export function CreateTestRepositoryButton({ workspaceId = null }: { workspaceId?: string | null }) {
  const [state, dispatch] = useReducer(repositoryCreatorReducer, initialRepositoryCreatorState);
  return (
    <>
      <Button onClick={() => dispatch({ type: "open" })}>
        <RepoIcon aria-hidden />
        Create test repository
      </Button>
      {state.isOpen ? <CreateTestRepositoryModal state={state} dispatch={dispatch} workspaceId={workspaceId} /> : null}
    </>
  );
}
