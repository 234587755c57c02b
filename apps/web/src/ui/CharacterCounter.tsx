import { charactersLeftText } from "@gantry/domain";
import styles from "./CharacterCounter.module.css";

interface CharacterCounterProps {
  maxLength: number;
  value: string;
  /** For the field's aria-describedby. */
  id?: string;
}

/** SPEC §2 "Character counter": "N character(s) left", red once the limit is passed. */
export function CharacterCounter({ maxLength, value, id }: CharacterCounterProps) {
  const over = value.length > maxLength;
  return (
    <p id={id} className={`${styles.counter} ${over ? styles.over : ""}`} aria-live="polite">
      {charactersLeftText(maxLength, value)}
    </p>
  );
}
