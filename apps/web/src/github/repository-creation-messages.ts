import { CODE_HOST_NAME } from "@gantry/domain";

/** SPEC §8 "Repository creation": what the name field shows when GitHub refuses. */
export function repositoryCreationErrorMessage(errorMessage: string, repositoryName: string): string {
  return errorMessage.includes("name already exists")
    ? `This repository ${repositoryName} already exists on this ${CODE_HOST_NAME} organization`
    : `There was an error creating your ${CODE_HOST_NAME} repository, please try again`;
}

export function repositoryCreatedMessage(repositoryName: string): string {
  return `[${repositoryName}] test repository was created successfully`;
}

/** SPEC §9: the repository-created toast stays 5 s. */
export const REPOSITORY_CREATED_TOAST_MS = 5_000;
