import { SEARCH_DEBOUNCE_MS } from "@gantry/domain";
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { Modal } from "../../ui/dialog/Modal";
import { useDebouncedValue } from "../../ui/use-debounced-value";
import styles from "./CommandPalette.module.css";
import { type PaletteCommand, usePaletteCommands, usePaletteSearches } from "./command-registry";

/** Asks every registered search once the typed text settles; older answers never replace newer ones. */
function useSearchResults(text: string): PaletteCommand[] {
  const searches = usePaletteSearches();
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<PaletteCommand[]>([]);
  useEffect(() => {
    if (settled.length < 2 || searches.length === 0) {
      setResults([]);
      return;
    }
    let current = true;
    void Promise.all(searches.map((search) => search.find(settled).catch(() => []))).then(
      (found) => current && setResults(found.flat()),
    );
    return () => {
      current = false;
    };
  }, [settled, searches]);
  return results;
}

export interface CommandPaletteProps {
  onClose: () => void;
  /** What was typed after Ctrl/Cmd K before this box existed (type-ahead.ts); taken when the box gets the focus. */
  takeTypedAhead?: () => string;
}

/** The command palette (cmdk): type to find a place to go or something to do, Enter to run it. */
export function CommandPalette({ onClose, takeTypedAhead }: CommandPaletteProps) {
  const [text, setText] = useState("");
  const found = useSearchResults(text);
  const commands = [...usePaletteCommands(), ...found];
  const groups = [...new Set(commands.map((command) => command.group))];

  return (
    <Modal title="Command palette" titleHidden onDismiss={onClose} dismissOnOutsideClick>
      <Command label="Command palette" className={styles.palette}>
        <Command.Input
          className={styles.input}
          placeholder="Type a command or search…"
          value={text}
          onValueChange={setText}
          onFocus={() => {
            const typed = takeTypedAhead?.() ?? "";
            if (typed) setText(typed);
          }}
        />
        <Command.List className={styles.list}>
          <Command.Empty className={styles.empty}>No results found.</Command.Empty>
          {groups.map((group) => (
            <Command.Group key={group} heading={group} className={styles.group}>
              {commands
                .filter((command) => command.group === group)
                .map((command) => (
                  <Command.Item
                    key={command.id}
                    value={`${command.group} ${command.label}`}
                    // Search results already match the text; the typed text keeps cmdk from hiding them.
                    keywords={found.includes(command) ? [text, ...(command.keywords ?? [])] : (command.keywords ?? [])}
                    className={styles.item}
                    onSelect={() => {
                      onClose();
                      command.run();
                    }}
                  >
                    <span>{command.label}</span>
                    {command.shortcut && <kbd className={styles.shortcut}>{command.shortcut}</kbd>}
                  </Command.Item>
                ))}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
    </Modal>
  );
}
