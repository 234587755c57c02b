import { estimateSetWith, formatNumber } from "@gantry/domain";
import { XIcon } from "@primer/octicons-react";
import { type FormEvent, useState } from "react";
import { useEstimateSet, useFieldsApi } from "../../issues/fields-api";
import { Button } from "../../ui/Button";
import form from "../../ui/form.module.css";
import { IconButton } from "../../ui/IconButton";
import { SettingsSection } from "../../ui/SettingsSection";
import { stack } from "../../ui/stack";
import { ActionError } from "./ActionError";
import styles from "./FieldSettings.module.css";
import { useAction } from "./use-action";

/** The point values estimate menus offer; any valid estimate can still be typed. */
export function EstimateScaleSettings({ workspaceId }: { workspaceId: string }) {
  const scale = useEstimateSet(workspaceId);
  const api = useFieldsApi(workspaceId);
  const action = useAction();
  const [draft, setDraft] = useState("");
  const values = scale.data ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim() === "" ? Number.NaN : Number(draft);
    const { error } = estimateSetWith(values, value);
    if (error) return action.setError(error);
    if (await action.run(() => api.addEstimateSetValue(value))) setDraft("");
  };

  return (
    <SettingsSection
      title="Estimates"
      description="The points offered when estimating. Any other estimate can still be typed."
      query={scale}
      loading="Loading the estimate scale"
    >
      <ul className={styles.chips} aria-label="Estimate scale">
        {values.map((value) => (
          <li key={value} className={styles.chip}>
            {formatNumber(value)}
            <IconButton
              label={`Remove ${formatNumber(value)} from the scale`}
              icon={<XIcon aria-hidden />}
              disabled={action.pending || values.length === 1}
              onClick={() => action.run(() => api.removeEstimateSetValue(value))}
            />
          </li>
        ))}
      </ul>
      <form className={stack({ wrap: true, align: "end" })} onSubmit={add} noValidate>
        <label className={`${form.field} ${styles.grow}`}>
          <span className={form.label}>Points</span>
          <input
            className={form.input}
            inputMode="decimal"
            value={draft}
            aria-invalid={action.error ? true : undefined}
            onChange={(event) => {
              action.setError(null);
              setDraft(event.target.value);
            }}
          />
        </label>
        <Button type="submit" disabled={action.pending}>
          Add to scale
        </Button>
      </form>
      <ActionError message={action.error} />
    </SettingsSection>
  );
}
