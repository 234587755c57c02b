import type { KeyboardEvent } from "react";
import styles from "./SelectionList.module.css";

export interface SelectionTab {
  id: string;
  label: string;
}

export interface SelectionTabsProps {
  items: SelectionTab[];
  activeId: string;
  onChange: (id: string) => void;
}

export function tabPanelIds(baseId: string, tabId: string) {
  return { tab: `${baseId}-tab-${tabId}`, panel: `${baseId}-panel` };
}

/** Tabs over the list; Left and Right arrows move between them (WAI-ARIA tabs pattern). */
export function SelectionTabs({ items, activeId, onChange, baseId }: SelectionTabsProps & { baseId: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = items.findIndex((tab) => tab.id === activeId);
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onChange(next.id);
    document.getElementById(tabPanelIds(baseId, next.id).tab)?.focus();
  };

  return (
    <div role="tablist" className={styles.tabs} onKeyDown={onKeyDown}>
      {items.map((tab) => {
        const selected = tab.id === activeId;
        const ids = tabPanelIds(baseId, tab.id);
        return (
          <button
            key={tab.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
