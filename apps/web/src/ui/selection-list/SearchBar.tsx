import { completeNegationPrefix, searchPlaceholder } from "@gantry/domain";
import { SearchIcon } from "@primer/octicons-react";
import type { InputHTMLAttributes, KeyboardEvent } from "react";
import form from "../form.module.css";
import styles from "./SelectionList.module.css";

interface SearchBarProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "placeholder"> {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  allowNegation?: boolean;
}

/** The selection list's search bar (SPEC §2): the exclusion hint, and Tab completing "n", "no", "not" to "not:". */
export function SearchBar({
  value,
  onChange,
  placeholder,
  allowNegation = false,
  onKeyDown,
  ...inputProps
}: SearchBarProps) {
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const completion = allowNegation && event.key === "Tab" && !event.shiftKey ? completeNegationPrefix(value) : null;
    if (completion) {
      event.preventDefault();
      onChange(completion);
      return;
    }
    onKeyDown?.(event);
  };

  return (
    <div className={styles.search}>
      <div className={form.searchField}>
        <SearchIcon className={form.searchIcon} aria-hidden />
        <input
          {...inputProps}
          type="text"
          className={styles.searchInput}
          value={value}
          placeholder={searchPlaceholder(placeholder, allowNegation)}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onSearchKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </div>
  );
}
