import type { Theme } from "@gantry/domain";
import { MoonIcon, PersonIcon, QuestionIcon, SignOutIcon, SunIcon } from "@primer/octicons-react";
import { MenuButton } from "../ui/menu/MenuButton";
import styles from "./AppShell.module.css";

interface UserMenuProps {
  /** Whether the page shows the dark theme (chosen, or the system's). */
  dark: boolean;
  onChooseTheme: (theme: Theme) => void;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}

/** The user menu: the theme switch, the shortcut sheet, and sign-out. */
export function UserMenu({ dark, onChooseTheme, onShowShortcuts, onSignOut }: UserMenuProps) {
  return (
    <MenuButton
      label="Open user menu"
      items={[
        {
          id: "theme",
          label: "Dark theme",
          icon: dark ? <MoonIcon aria-hidden /> : <SunIcon aria-hidden />,
          checked: dark,
          onSelect: () => onChooseTheme(dark ? "light-mode" : "dark-mode"),
        },
        { id: "shortcuts", label: "Keyboard shortcuts", icon: <QuestionIcon aria-hidden />, onSelect: onShowShortcuts },
        { id: "sign-out", label: "Sign out", icon: <SignOutIcon aria-hidden />, onSelect: onSignOut },
      ]}
    >
      <span className={styles.avatar}>
        <PersonIcon aria-hidden />
      </span>
    </MenuButton>
  );
}
