import { useId, useState } from "react";
import form from "../../ui/form.module.css";
import { stack } from "../../ui/stack";
import { IssueMarkdown } from "../IssueMarkdown";
import styles from "./IssueEditing.module.css";

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
  invalid?: boolean;
}

/** Markdown with Write and Preview tabs; the preview is rendered as the issue shows it, sanitised. */
export function MarkdownEditor({ label, value, onChange, placeholder, autoFocus, invalid }: MarkdownEditorProps) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const id = useId();
  const tabs = [
    { key: "write", text: "Write" },
    { key: "preview", text: "Preview" },
  ] as const;
  return (
    <div className={stack({ direction: "column" })}>
      <div className={styles.tabs} role="tablist" aria-label={`${label}: write or preview`}>
        {tabs.map(({ key, text }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            className={styles.tab}
            onClick={() => setTab(key)}
          >
            {text}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === "write" ? (
          <textarea
            className={`${form.input} ${styles.textarea}`}
            aria-label={label}
            value={value}
            placeholder={placeholder}
            // biome-ignore lint/a11y/noAutofocus: the person asked to edit this text
            autoFocus={autoFocus}
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <div className={styles.preview}>
            {value.trim() ? <IssueMarkdown source={value} /> : <p className={styles.muted}>Nothing to preview.</p>}
          </div>
        )}
      </div>
    </div>
  );
}
