import { Command } from "cmdk";
import { Modal } from "../../ui/dialog/Modal";
import styles from "./CommandPalette.module.css";
import { usePaletteCommands } from "./command-registry";

/** The command palette (cmdk): type to find a place to go or something to do, Enter to run it. */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const commands = usePaletteCommands();
  const groups = [...new Set(commands.map((command) => command.group))];

  return (
    <Modal title="Command palette" titleHidden onDismiss={onClose} dismissOnOutsideClick>
      <Command label="Command palette" className={styles.palette}>
        <Command.Input className={styles.input} placeholder="Type a command or search…" />
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
                    keywords={command.keywords ?? []}
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
