/** Private or Public (SPEC §3 "Repository create input": visibility PUBLIC or PRIVATE). */
export type RepositoryPrivacy = "private" | "public";

export interface CreatedRepository {
  ghId: number;
  name: string;
}

/** SPEC §4 "Repository creator": the modal, its fields, and the repository it created. */
export interface RepositoryCreatorState {
  isOpen: boolean;
  name: string;
  description: string;
  /** The chosen owner's id in the owner list, null while none is chosen. */
  ownerId: string | null;
  privacy: RepositoryPrivacy | null;
  error: string | null;
  createdRepository: CreatedRepository | null;
}

export type RepositoryCreatorAction =
  | { type: "open" }
  | { type: "close" }
  | { type: "set-name"; name: string }
  | { type: "set-description"; description: string }
  | { type: "set-owner"; ownerId: string }
  | { type: "set-privacy"; privacy: RepositoryPrivacy }
  | { type: "set-error"; error: string }
  | { type: "set-created-repository"; repository: CreatedRepository }
  | { type: "clear-created-repository" }
  | { type: "reset" };

/** SPEC §9 "Board defaults": repository privacy defaults to Private. */
export const initialRepositoryCreatorState: RepositoryCreatorState = {
  isOpen: false,
  name: "",
  description: "",
  ownerId: null,
  privacy: "private",
  error: null,
  createdRepository: null,
};

export function repositoryCreatorReducer(
  state: RepositoryCreatorState,
  action: RepositoryCreatorAction,
): RepositoryCreatorState {
  switch (action.type) {
    case "open":
      return { ...state, isOpen: true };
    case "close":
      return { ...state, isOpen: false };
    case "set-name":
      // SPEC §5: the name is trimmed on input, and editing it clears the error.
      return { ...state, name: action.name.trim(), error: null };
    case "set-description":
      return { ...state, description: action.description };
    case "set-owner":
      return { ...state, ownerId: action.ownerId };
    case "set-privacy":
      return { ...state, privacy: action.privacy };
    case "set-error":
      return { ...state, error: action.error };
    case "set-created-repository":
      return { ...state, createdRepository: action.repository };
    case "clear-created-repository":
      return { ...state, createdRepository: null };
    case "reset":
      return initialRepositoryCreatorState;
  }
}

/** SPEC §5: "Create test repository" is disabled while the name is empty, or no owner or privacy is chosen. */
export function canCreateRepository(state: RepositoryCreatorState): boolean {
  return state.name !== "" && state.ownerId !== null && state.privacy !== null;
}
