import type { Theme } from "@gantry/domain";
import {
  KeyIcon,
  MoonIcon,
  PersonIcon,
  QuestionIcon,
  SignOutIcon,
  SparkleFillIcon,
  SunIcon,
} from "@primer/octicons-react";
import { useNavigate } from "react-router";
import { useAiSuggestionsPreference } from "../ai/use-ai-suggestions-preference";
import { MenuButton } from "../ui/menu/MenuButton";
import styles from "./AppShell.module.css";

interface UserMenuProps {
  /** Whether the page shows the dark theme (chosen, or the system's). */
  dark: boolean;
  onChooseTheme: (theme: Theme) => void;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}

/** The user menu: the theme switch, the AI suggestions preference (SPEC §9), the account page, API keys, the shortcut sheet, and sign-out. */
export function UserMenu({ dark, onChooseTheme, onShowShortcuts, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  const aiSuggestions = useAiSuggestionsPreference();
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
        {
          id: "ai-suggestions",
          label: "AI suggestions",
          icon: <SparkleFillIcon aria-hidden />,
          checked: aiSuggestions.enabled,
          onSelect: () => aiSuggestions.setEnabled(!aiSuggestions.enabled),
        },
        {
          id: "account",
          label: "Account",
          icon: <PersonIcon aria-hidden />,
          onSelect: () => void navigate("/settings/account"),
        },
        {
          id: "api-keys",
          label: "API keys",
          icon: <KeyIcon aria-hidden />,
          onSelect: () => void navigate("/settings/api-keys"),
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
