import type { ReactNode } from "react";
import { FormRow } from "./FormRow";
import form from "./form.module.css";

export interface SelectChoice<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: ReactNode;
  value: Value;
  choices: readonly SelectChoice<Value>[];
  onChange: (value: Value) => void;
  help?: ReactNode;
  disabled?: boolean;
}

/** A form row whose control is a select of named choices (a pipeline, a role, an organisation). */
export function SelectField<Value extends string>({
  label,
  value,
  choices,
  onChange,
  help,
  disabled,
}: SelectFieldProps<Value>) {
  return (
    <FormRow label={label} help={help}>
      {(control) => (
        <select
          {...control}
          className={form.select}
          value={value}
          disabled={disabled}
          // The options are `choices`, so the value read back is one of theirs.
          onChange={(event) => onChange(event.target.value as Value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormRow>
  );
}
