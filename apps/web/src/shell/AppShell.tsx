import type { Theme } from "@gantry/domain";
import { SearchIcon } from "@primer/octicons-react";
import { type ReactNode, Suspense, useCallback, useMemo } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { useRuntimeConfig } from "../app/runtime-config";
import { lazyNamed } from "../ui/lazy-named";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { useToasts } from "../ui/toast/toast-context";
import styles from "./AppShell.module.css";
import { CommandRegistryProvider, type PaletteCommand, useRegisterCommands } from "./command-palette/command-registry";
import { useConnectivityNotices } from "./connectivity/use-connectivity-notices";
import { useServerWatch } from "./connectivity/use-server-watch";
import { isMac, useShellShortcuts } from "./keyboard-shortcuts";
import { UserMenu } from "./UserMenu";
import { useShellOverlay } from "./use-shell-overlay";
import { type AccountTheme, useTheme } from "./use-theme";

/** The palette (cmdk and its dialog) and the shortcut sheet are read when first opened, not with the page (B3). */
const CommandPalette = lazyNamed(() => import("./command-palette/CommandPalette"), "CommandPalette");
const ShortcutHelp = lazyNamed(() => import("./ShortcutHelp"), "ShortcutHelp");

export interface AppShellProps {
  onSignOut: () => void;
  /** The organisation dropdown. */
  organizationSlot?: ReactNode;
  /** The workspace navigation. */
  navigationSlot?: ReactNode;
  /** The page; the matched child route when left out. */
  children?: ReactNode;
  /** How a newer build is loaded; tests pass their own. */
  reload?: () => void;
  /** The theme saved on the account; without it the choice stays on this device. */
  accountTheme?: AccountTheme;
}

const THEME_NOT_SAVED = "Your theme choice could not be saved. Check your connection and try again.";

function reloadPage() {
  window.location.reload();
}

/** The frame of every signed-in page: header, content, command palette, shortcut sheet, connectivity notices. */
export function AppShell(props: AppShellProps) {
  return (
    <ToastProvider>
      <CommandRegistryProvider>
        <ShellFrame {...props} />
      </CommandRegistryProvider>
    </ToastProvider>
  );
}

function ShellFrame({
  onSignOut,
  organizationSlot,
  navigationSlot,
  children,
  reload = reloadPage,
  accountTheme,
}: AppShellProps) {
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { dark, choose: chooseHere } = useTheme(window.localStorage, accountTheme?.theme ?? null);
  const saveTheme = accountTheme?.save;
  const choose = useCallback(
    (theme: Theme) => {
      chooseHere(theme);
      saveTheme?.(theme).catch(() => toasts.show({ kind: "error", message: THEME_NOT_SAVED }));
    },
    [chooseHere, saveTheme, toasts],
  );
  useConnectivityNotices(useServerWatch(), reload);

  const { overlay, togglePalette, openHelp, close: closeOverlay, takeTypedAhead } = useShellOverlay();
  useShellShortcuts({ togglePalette, openHelp });

  const shellCommands = useMemo<PaletteCommand[]>(
    () => [
      {
        id: "go-home",
        group: "Navigation",
        label: "Go to home",
        keywords: ["landing"],
        run: () => navigate("/landing"),
      },
      {
        id: "toggle-theme",
        group: "Actions",
        label: dark ? "Switch to light theme" : "Switch to dark theme",
        keywords: ["theme", "dark", "light", "appearance"],
        run: () => choose(dark ? "light-mode" : "dark-mode"),
      },
      { id: "shortcuts", group: "Actions", label: "Show keyboard shortcuts", shortcut: "?", run: openHelp },
      { id: "sign-out", group: "Actions", label: "Sign out", keywords: ["log out"], run: onSignOut },
    ],
    [navigate, dark, choose, openHelp, onSignOut],
  );
  useRegisterCommands(shellCommands);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#content">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to="/landing" className={styles.brand} aria-label={`${productName} home`}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className={styles.productName}>{productName}</span>
        </Link>
        {organizationSlot && <div className={styles.organization}>{organizationSlot}</div>}
        {navigationSlot && (
          <nav className={styles.navigation} aria-label="Workspace">
            {navigationSlot}
          </nav>
        )}
        <div className={styles.end}>
          <button
            type="button"
            className={styles.paletteButton}
            onClick={togglePalette}
            aria-label="Open command palette"
          >
            <SearchIcon aria-hidden />
            <span className={styles.paletteHint} aria-hidden>
              Search or jump to…
            </span>
            <kbd className={styles.paletteKeys} aria-hidden>
              {isMac() ? "⌘K" : "Ctrl K"}
            </kbd>
          </button>
          <UserMenu dark={dark} onChooseTheme={choose} onShowShortcuts={openHelp} onSignOut={onSignOut} />
        </div>
      </header>
      <div id="content" className={styles.content}>
        {children ?? <Outlet />}
      </div>
      <Suspense fallback={null}>
        {overlay === "palette" && <CommandPalette onClose={closeOverlay} takeTypedAhead={takeTypedAhead} />}
        {overlay === "shortcuts" && <ShortcutHelp onClose={closeOverlay} />}
      </Suspense>
    </div>
  );
}
