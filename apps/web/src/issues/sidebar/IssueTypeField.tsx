import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import { useGraphQL } from "../../api/use-graphql";
import { SelectionList, type SelectionOption } from "../../ui/selection-list/SelectionList";
import { useToasts } from "../../ui/toast/toast-context";
import styles from "./IssueSidebar.module.css";

const ISSUE_TYPE_FIELD = `query issueTypeField($id: ID!) {
  node(id: $id) { ... on Issue { id issueType { ... on BaseIssueType { name } } issueTypeChoices { name description color } } }
}`;
const SET_ISSUES_TYPE = `mutation setIssuesType($issueIds: [ID!]!, $name: String) {
  setIssuesType(input: { issueIds: $issueIds, name: $name }) { successCount githubErrors }
}`;

interface IssueTypeChoice {
  name: string;
  description: string | null;
  color: string | null;
}
interface IssueTypeData {
  node: { id: string; issueType: { name: string } | null; issueTypeChoices: IssueTypeChoice[] } | null;
}

const NO_TYPE = "";
const TITLE = "Set this issue's type";

export const issueTypeFieldKey = (issueId: string) => ["issueTypeField", issueId] as const;

/** GitHub's colour names (gray, blue, …) as Primer's display colours, which follow the theme. */
const swatch = (color: string | null) => (
  <span
    className={styles.dot}
    style={{ backgroundColor: `var(--display-${color ?? "gray"}-fgColor, var(--fgColor-muted))` }}
    aria-hidden
  />
);

interface IssueTypeFieldProps {
  issueId: string;
  /** Why the type cannot be changed here (no workspace, read-only); null when it can. */
  disabledReason: string | null;
}

/**
 * The sidebar's issue type row (decision 0064): the issue's type and a picker of its organisation's
 * GitHub issue types; a pick is written to GitHub (or kept in Gantry for a native issue) by
 * setIssuesType, and a refusal is said in a message.
 */
export function IssueTypeField({ issueId, disabledReason }: IssueTypeFieldProps) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const data = useQuery({
    queryKey: issueTypeFieldKey(issueId),
    queryFn: () => request<IssueTypeData>(ISSUE_TYPE_FIELD, { id: issueId }),
  });
  const current = data.data?.node?.issueType?.name ?? null;
  const choices = data.data?.node?.issueTypeChoices ?? [];
  const shown = pending === undefined ? current : pending;
  const colorOf = (name: string) => choices.find((choice) => choice.name === name)?.color ?? null;

  const options: SelectionOption[] = [
    { id: NO_TYPE, label: "No type" },
    ...choices.map((choice) => ({
      id: choice.name,
      label: choice.name,
      description: choice.description ?? undefined,
      icon: swatch(choice.color),
    })),
  ];

  async function pick(ids: string[]) {
    const name = ids[0] || null;
    setOpen(false);
    if (name === current) return;
    setPending(name);
    try {
      const answer = await request<{ setIssuesType: { successCount: number; githubErrors: Record<string, string> } }>(
        SET_ISSUES_TYPE,
        { issueIds: [issueId], name },
      );
      const refused = answer.setIssuesType.githubErrors[issueId];
      if (refused) throw new Error(refused);
    } catch (error) {
      toasts.show({
        kind: "error",
        message: `Type was not changed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    try {
      await queryClient.invalidateQueries({ queryKey: issueTypeFieldKey(issueId) });
    } finally {
      setPending(undefined);
    }
  }

  return (
    <div className={styles.row}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.fieldButton}
        disabled={disabledReason !== null}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        title={disabledReason ?? TITLE}
        onClick={() => setOpen(true)}
      >
        <span>Type</span>
      </button>
      <Popover
        triggerRef={buttonRef}
        isOpen={isOpen}
        onOpenChange={setOpen}
        className={styles.popover}
        placement="bottom end"
        offset={4}
      >
        <Dialog className={styles.popoverDialog} aria-label={TITLE}>
          <SelectionList
            label={TITLE}
            selectionMode="single"
            options={options}
            selectedIds={[current ?? NO_TYPE]}
            onSelectionChange={(ids) => void pick(ids)}
            onClose={() => setOpen(false)}
            search={{ placeholder: "Filter issue types" }}
            footer={
              data.error
                ? "Could not load the issue types."
                : data.isPending
                  ? "Loading…"
                  : choices.length === 0
                    ? "No issue types: an organisation's GitHub issue types show here once its repository is connected."
                    : undefined
            }
          />
        </Dialog>
      </Popover>
      <div className={styles.values} aria-busy={pending !== undefined || undefined}>
        {shown ? (
          <ul className={styles.list}>
            <li>
              {swatch(colorOf(shown))}
              <span className={styles.text}>{shown}</span>
            </li>
          </ul>
        ) : (
          <span className={styles.none}>No type</span>
        )}
      </div>
    </div>
  );
}
