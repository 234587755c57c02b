import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./MenuButton.module.css";

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Makes the item a checkbox item (e.g. a theme switch) showing this state. */
  checked?: boolean;
  onSelect: () => void;
}

interface MenuButtonProps {
  /** The button's accessible name, e.g. "Open user menu". */
  label: string;
  children: ReactNode;
  items: MenuItem[];
  className?: string;
}

/**
 * A button that opens a menu (WAI-ARIA menu button pattern): Enter, Space or Down opens it on
 * the first item, Up on the last; arrows, Home and End move; Escape closes back to the button.
 */
export function MenuButton({ label, children, items, className }: MenuButtonProps) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [openAt, setOpenAt] = useState<number | null>(null);
  const open = openAt !== null;

  useEffect(() => {
    if (openAt === null) return;
    menuRef.current?.querySelectorAll<HTMLElement>("[role^='menuitem']")[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenAt(null);
    };
    document.addEventListener("mousedown", closeOnOutsideClick);
    return () => document.removeEventListener("mousedown", closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpenAt(null);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpenAt(event.key === "ArrowDown" ? 0 : items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role^='menuitem']") ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const last = entries.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      entries[target]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setOpenAt(null);
    }
  };

  return (
    <div className={`${styles.anchor} ${className ?? ""}`}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpenAt(null) : setOpenAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {items.map((item) => {
            const entryProps = {
              type: "button" as const,
              tabIndex: -1,
              className: styles.item,
              onClick: () => {
                close();
                item.onSelect();
              },
            };
            const content = (
              <>
                {item.icon}
                <span className={styles.itemLabel}>{item.label}</span>
              </>
            );
            return item.checked === undefined ? (
              <button key={item.id} role="menuitem" {...entryProps}>
                {content}
              </button>
            ) : (
              <button key={item.id} role="menuitemcheckbox" aria-checked={item.checked} {...entryProps}>
                {content}
                <span className={`${styles.switch} ${item.checked ? styles.on : ""}`} aria-hidden />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
