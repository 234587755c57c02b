import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import { usePaletteCommands } from "./command-palette/command-registry";
import { isMac, SHELL_SHORTCUTS } from "./keyboard-shortcuts";
import styles from "./ShortcutHelp.module.css";

interface ShortcutRow {
  keys: readonly string[];
  description: string;
}

function ShortcutList({ rows }: { rows: readonly ShortcutRow[] }) {
  return (
    <dl className={styles.list}>
      {rows.map((shortcut) => (
        <div key={shortcut.description} className={styles.row}>
          <dt className={styles.keys}>
            {shortcut.keys.map((key) => (
              <kbd key={key} className={styles.key}>
                {key}
              </kbd>
            ))}
          </dt>
          <dd className={styles.description}>{shortcut.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The keyboard-shortcut help sheet: the shell's own keys, then those of whatever is open (the
 * commands it offers the palette with a `shortcut`, e.g. the issue viewer's fields), by group.
 */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const mac = isMac();
  const shellKeys = new Set(SHELL_SHORTCUTS.map((shortcut) => shortcut.keys.join("+")));
  const commands = usePaletteCommands();
  const groups = new Map<string, ShortcutRow[]>();
  for (const command of commands) {
    if (!command.shortcut || shellKeys.has(command.shortcut)) continue;
    const rows = groups.get(command.group) ?? [];
    rows.push({ keys: command.shortcut.split("+"), description: command.label });
    groups.set(command.group, rows);
  }
  return (
    <Modal title="Keyboard shortcuts" onDismiss={onClose} dismissOnOutsideClick>
      <ShortcutList
        rows={SHELL_SHORTCUTS.map((shortcut) => ({
          keys: mac ? shortcut.macKeys : shortcut.keys,
          description: shortcut.description,
        }))}
      />
      {[...groups].map(([group, rows]) => (
        <section key={group} className={styles.group} aria-label={group}>
          <h3 className={styles.heading}>{group}</h3>
          <ShortcutList rows={rows} />
        </section>
      ))}
      <div className={styles.actions}>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
