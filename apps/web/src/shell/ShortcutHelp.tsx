import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import { isMac, SHELL_SHORTCUTS } from "./keyboard-shortcuts";
import styles from "./ShortcutHelp.module.css";

/** The keyboard-shortcut help sheet. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const mac = isMac();
  return (
    <Modal title="Keyboard shortcuts" onDismiss={onClose} dismissOnOutsideClick>
      <dl className={styles.list}>
        {SHELL_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.description} className={styles.row}>
            <dt className={styles.keys}>
              {(mac ? shortcut.macKeys : shortcut.keys).map((key) => (
                <kbd key={key} className={styles.key}>
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className={styles.description}>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
