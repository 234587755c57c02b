import { EXTENSION_BASE_PATH } from "@gantry/domain";
import { createContext, useContext } from "react";

/**
 * Extension mode (SPEC §1): the app runs framed inside GitHub's page by the browser extension.
 * Components that would leave the page read this to become plain text instead.
 */
export const ExtensionModeContext = createContext(false);

export function useExtensionMode(): boolean {
  return useContext(ExtensionModeContext);
}

/** Whether this page address belongs to the extension's pages (docs/decisions/0031). */
export function isExtensionPath(pathname: string): boolean {
  return pathname === EXTENSION_BASE_PATH || pathname.startsWith(`${EXTENSION_BASE_PATH}/`);
}

/** The tab the extension opens to sign in; every other extension page is framed. */
export const EXTENSION_SIGN_IN_PATH = `${EXTENSION_BASE_PATH}/sign-in`;
