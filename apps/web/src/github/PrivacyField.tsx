import { LockIcon, RepoIcon } from "@primer/octicons-react";
import { useId } from "react";
import formStyles from "../ui/form.module.css";
import styles from "./CreateTestRepositoryModal.module.css";
import type { RepositoryPrivacy } from "./repository-creator-state";

const CHOICES: { value: RepositoryPrivacy; label: string; description: string; icon: typeof LockIcon }[] = [
  {
    value: "private",
    label: "Private",
    description: "You choose who can see and commit to this repository.",
    icon: LockIcon,
  },
  { value: "public", label: "Public", description: "Anyone on the internet can see this repository.", icon: RepoIcon },
];

/** "Repository Privacy": Private or Public, each with what it means. */
export function PrivacyField({
  privacy,
  onChange,
}: {
  privacy: RepositoryPrivacy | null;
  onChange: (privacy: RepositoryPrivacy) => void;
}) {
  const name = useId();
  return (
    <fieldset className={`${formStyles.choices} ${styles.privacy}`}>
      <legend className={formStyles.label}>Repository Privacy</legend>
      {CHOICES.map(({ value, label, description, icon: Icon }) => (
        <label key={value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={privacy === value}
            aria-labelledby={`${name}-${value}-label`}
            aria-describedby={`${name}-${value}-description`}
            onChange={() => onChange(value)}
          />
          <Icon aria-hidden className={styles.choiceIcon} />
          <span className={styles.choiceText}>
            <span id={`${name}-${value}-label`} className={styles.choiceLabel}>
              {label}
            </span>
            <span id={`${name}-${value}-description`} className={styles.choiceDescription}>
              {description}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
