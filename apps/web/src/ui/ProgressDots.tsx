import styles from "./ProgressDots.module.css";

/** SPEC §9 "Layout": the stepper's dots are 8px unless told otherwise. */
export const DEFAULT_DOT_SIZE = 8;

interface ProgressDotsProps {
  count: number;
  /** Zero-based index of the current step. */
  current: number;
  dotSize?: number;
  /** Makes each dot a button that jumps to its step. */
  onStepSelect?: (index: number) => void;
}

/** The progress-dot stepper of multi-step cards and tours. */
export function ProgressDots({ count, current, dotSize = DEFAULT_DOT_SIZE, onStepSelect }: ProgressDotsProps) {
  const steps = Array.from({ length: count }, (_, index) => index);
  return (
    <ol className={styles.dots} aria-label={`Step ${current + 1} of ${count}`}>
      {steps.map((index) => {
        const dotProps = {
          className: `${styles.dot} ${index === current ? styles.current : ""}`,
          style: { width: dotSize, height: dotSize },
        };
        return (
          <li key={index} className={styles.step} aria-current={index === current ? "step" : undefined}>
            {onStepSelect ? (
              <button
                type="button"
                {...dotProps}
                aria-label={`Go to step ${index + 1}`}
                onClick={() => onStepSelect(index)}
              />
            ) : (
              <span {...dotProps} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
