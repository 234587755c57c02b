import { DEFAULT_ESTIMATE_SET } from "@gantry/domain";
import { PersonAddIcon } from "@primer/octicons-react";
import { useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import form from "../../ui/form.module.css";
import panel from "../../ui/Panel.module.css";
import lists from "../../ui/plain-list.module.css";
import { SelectionList } from "../../ui/selection-list/SelectionList";
import { stack } from "../../ui/stack";
import { useToasts } from "../../ui/toast/toast-context";
import { useWorkspace } from "../../workspaces/api";
import { type EstimationVote, type IssueInfo, useEstimateSet, useEstimationVotes, useFieldsApi } from "../fields-api";
import { pointsText } from "./field-options";
import styles from "./IssueSidebar.module.css";
import { voteSummary } from "./vote-summary";

interface EstimationVotesProps {
  issueId: string;
  issue: IssueInfo;
  workspaceId: string;
  /** Editors ask people to vote and take them off the vote; anyone asked votes. */
  canWrite: boolean;
}

const personName = (voter: EstimationVote["voter"]) => voter.name || voter.email?.split("@")[0] || "Someone";

/**
 * Estimation votes under the estimate row (decision 0028): who this workspace asked to estimate
 * the issue and what each voted, the viewer's own vote as a row of the scale's points, and for
 * editors "Ask to estimate…" and Remove. Every change is the server's, read again once it answers.
 */
export function EstimationVotes({ issueId, issue, workspaceId, canWrite }: EstimationVotesProps) {
  const votes = useEstimationVotes(issue, workspaceId);
  const workspace = useWorkspace(workspaceId);
  const scale = useEstimateSet(workspaceId).data ?? DEFAULT_ESTIMATE_SET;
  const api = useFieldsApi(workspaceId);
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const viewerId = workspace.data?.viewerId ?? null;
  const list = votes.data ?? [];
  const mine = list.find((vote) => vote.voter.id === viewerId) ?? null;

  const run = async (what: string, call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      toasts.show({ kind: "error", message: `${what}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.votes} aria-label="Estimation votes" aria-busy={busy || undefined}>
      <div className={panel.headingRow}>
        <h3 className={styles.votesTitle}>Estimation votes</h3>
        {canWrite ? (
          <AskToEstimate
            members={workspace.data?.workspace.members ?? []}
            asked={list.map((vote) => vote.voter.id)}
            onAsk={(userIds) => run("No one was asked", () => api.inviteToEstimate([issueId], userIds))}
          />
        ) : null}
      </div>
      {votes.isError ? (
        <p className={styles.problem} role="alert">
          The votes could not be read: {votes.error.message}
        </p>
      ) : votes.isPending ? (
        <p className={styles.none}>Loading votes…</p>
      ) : list.length === 0 ? (
        <p className={styles.none}>No one has been asked to vote.</p>
      ) : (
        <>
          <p className={styles.votesSummary}>{voteSummary(list)}</p>
          <ul className={`${lists.column} ${styles.voteList}`}>
            {list.map((vote) => (
              <li key={vote.id} className={styles.vote}>
                <Avatar name={personName(vote.voter)} />
                <span className={styles.text}>{personName(vote.voter)}</span>
                <span className={vote.value === null ? styles.none : styles.voteValue}>
                  {vote.value === null ? "Not voted yet" : pointsText(vote.value)}
                </span>
                {canWrite || vote === mine ? (
                  <Button
                    variant="link"
                    className={styles.caption}
                    disabled={busy}
                    aria-label={vote === mine ? "Leave the vote" : `Remove ${personName(vote.voter)} from the vote`}
                    onClick={() => void run("Not removed", () => api.removeEstimationVote(vote.id))}
                  >
                    {vote === mine ? "Leave" : "Remove"}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {mine ? (
        <fieldset className={`${form.fieldset} ${stack({ wrap: true, gap: 4 })} ${styles.ballot}`} disabled={busy}>
          <legend className={styles.ballotLegend}>Your vote</legend>
          {[...scale].map((value) => (
            <button
              key={value}
              type="button"
              className={styles.ballotValue}
              aria-pressed={mine.value === value}
              aria-label={pointsText(value)}
              onClick={() =>
                void run("Your vote was not saved", () =>
                  api.setEstimationVote(mine.id, mine.value === value ? null : value),
                )
              }
            >
              {value}
            </button>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}

interface AskToEstimateProps {
  members: { user: { id: string; name: string | null; email: string | null } }[];
  /** Already asked: shown picked and left alone, since asking twice changes nothing. */
  asked: string[];
  onAsk: (userIds: string[]) => Promise<void>;
}

/** A people picker; those picked are asked when it closes. */
function AskToEstimate({ members, asked, onAsk }: AskToEstimateProps) {
  const [isOpen, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const pickedRef = useRef<string[]>([]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const options = members.map(({ user }) => ({
    id: user.id,
    label: user.name || user.email || user.id,
    description: user.name && user.email ? user.email : undefined,
    icon: <Avatar name={user.name || user.email || "?"} />,
    disabled: asked.includes(user.id),
  }));
  const open = (next: boolean) => {
    if (next) {
      pickedRef.current = [];
      setPicked([]);
    } else if (isOpen && pickedRef.current.length > 0) {
      // Escape closes both the list and its popover: the second close must not ask again.
      const asking = pickedRef.current;
      pickedRef.current = [];
      void onAsk(asking);
    }
    setOpen(next);
  };
  return (
    <>
      <Button
        ref={buttonRef}
        variant="link"
        className={styles.caption}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => open(true)}
      >
        <PersonAddIcon aria-hidden /> Ask to estimate…
      </Button>
      <Popover
        triggerRef={buttonRef}
        isOpen={isOpen}
        onOpenChange={open}
        className={styles.popover}
        placement="bottom end"
        offset={4}
      >
        <Dialog className={styles.popoverDialog} aria-label="Ask people to estimate this issue">
          <SelectionList
            label="Ask people to estimate this issue"
            selectionMode="multiple"
            options={options}
            selectedIds={[...asked, ...picked]}
            onSelectionChange={(ids) => {
              pickedRef.current = ids.filter((id) => !asked.includes(id));
              setPicked(pickedRef.current);
            }}
            onClose={() => open(false)}
            search={{ placeholder: "Filter people" }}
            footer={options.length === 0 ? "No one to ask" : undefined}
          />
        </Dialog>
      </Popover>
    </>
  );
}
