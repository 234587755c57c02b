import { describe, expect, it } from "vitest";
import {
  canCreateRepository,
  initialRepositoryCreatorState,
  type RepositoryCreatorAction,
  repositoryCreatorReducer,
} from "./repository-creator-state";

const apply = (...actions: RepositoryCreatorAction[]) =>
  actions.reduce(repositoryCreatorReducer, initialRepositoryCreatorState);

describe("repository creator state (SPEC §4)", () => {
  it("opens and closes, keeping what was typed", () => {
    const open = apply({ type: "open" }, { type: "set-name", name: "notes" });
    expect(open.isOpen).toBe(true);
    const closed = repositoryCreatorReducer(open, { type: "close" });
    expect(closed).toMatchObject({ isOpen: false, name: "notes" });
  });

  it("sets and clears the created repository's data", () => {
    const created = apply({ type: "set-created-repository", repository: { ghId: 7, name: "notes" } });
    expect(created.createdRepository).toEqual({ ghId: 7, name: "notes" });
    expect(repositoryCreatorReducer(created, { type: "clear-created-repository" }).createdRepository).toBeNull();
  });

  it("trims the name on input and clears the error when it is edited", () => {
    const failed = apply({ type: "set-name", name: "  notes " }, { type: "set-error", error: "taken" });
    expect(failed).toMatchObject({ name: "notes", error: "taken" });
    expect(repositoryCreatorReducer(failed, { type: "set-name", name: "notes-2" })).toMatchObject({
      name: "notes-2",
      error: null,
    });
  });

  it("defaults to Private, and reset restores every default", () => {
    expect(initialRepositoryCreatorState.privacy).toBe("private");
    const changed = apply(
      { type: "open" },
      { type: "set-name", name: "notes" },
      { type: "set-description", description: "Scratch" },
      { type: "set-owner", ownerId: "user" },
      { type: "set-privacy", privacy: "public" },
      { type: "set-error", error: "taken" },
    );
    expect(repositoryCreatorReducer(changed, { type: "reset" })).toEqual(initialRepositoryCreatorState);
  });

  it("allows creating only with a name, an owner and a privacy", () => {
    expect(canCreateRepository(apply({ type: "set-owner", ownerId: "user" }))).toBe(false);
    expect(canCreateRepository(apply({ type: "set-name", name: "notes" }))).toBe(false);
    expect(
      canCreateRepository(apply({ type: "set-name", name: "notes" }, { type: "set-owner", ownerId: "user" })),
    ).toBe(true);
    expect(
      canCreateRepository({
        ...apply({ type: "set-name", name: "n" }, { type: "set-owner", ownerId: "u" }),
        privacy: null,
      }),
    ).toBe(false);
  });
});
