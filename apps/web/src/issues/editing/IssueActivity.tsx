import { commentBodyError } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import form from "../../ui/form.module.css";
import { stack } from "../../ui/stack";
import { IssueMarkdown } from "../IssueMarkdown";
import { EditFormFooter } from "./EditFormFooter";
import styles from "./IssueEditing.module.css";
import {
  type IssueCommentView,
  type IssueRef,
  type TimelineItemView,
  useIssueActivity,
  type useIssueEditing,
} from "./issue-editing-api";
import { MarkdownEditor } from "./MarkdownEditor";
import { timelineText } from "./timeline-text";
import { failureMessage, useSave } from "./use-save";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

type Editing = ReturnType<typeof useIssueEditing>;

/** A Markdown form for a new comment or an edited one; it says why the server refused. */
function CommentForm({
  initial,
  label,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitText: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const { error, setError, saving, save } = useSave();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(commentBodyError(body), () => onSubmit(body))) setBody("");
  };
  return (
    <form className={stack({ direction: "column" })} onSubmit={(event) => void submit(event)}>
      <MarkdownEditor
        label={label}
        value={body}
        onChange={(value) => {
          setBody(value);
          setError(null);
        }}
        placeholder="Leave a comment (Markdown)"
        invalid={error !== null}
        autoFocus={onCancel !== undefined}
      />
      <EditFormFooter error={error} saving={saving} submitText={submitText} onCancel={onCancel} />
    </form>
  );
}

function CommentItem({ comment, editing, canEdit }: { comment: IssueCommentView; editing: Editing; canEdit: boolean }) {
  const [isEditing, setIsEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      await editing.deleteComment.mutateAsync(comment.id);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <li className={styles.comment} aria-label={`Comment by ${comment.author.name}`}>
      <div className={styles.commentHeader}>
        <Avatar name={comment.author.name} src={comment.author.avatarUrl} />
        <strong>{comment.author.name}</strong>
        <span className={styles.muted}>
          commented on {when(comment.createdAt)}
          {comment.lastEditedAt ? " · edited" : ""}
        </span>
        {canEdit && comment.viewerCanEdit && !isEditing ? (
          <span className={styles.commentActions}>
            <Button variant="link" onClick={() => setIsEditing(true)}>
              Edit
            </Button>
            <Button variant="link" onClick={() => void remove()}>
              Delete
            </Button>
          </span>
        ) : null}
      </div>
      <div className={styles.commentBody}>
        {isEditing ? (
          <CommentForm
            initial={comment.body}
            label="Edit comment"
            submitText="Update comment"
            onSubmit={async (body) => {
              await editing.editComment.mutateAsync({ commentId: comment.id, body });
              setIsEditing(false);
            }}
            onCancel={() => setIsEditing(false)}
          />
        ) : (
          <IssueMarkdown source={comment.body} />
        )}
        {error ? (
          <p className={form.smallError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function EventItem({ item }: { item: TimelineItemView }) {
  return (
    <li className={styles.event}>
      <span>
        <strong>{item.actor ?? "Someone"}</strong> {timelineText(item)}
        {item.source === "GITHUB" ? " on GitHub" : ""} · <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
      </span>
    </li>
  );
}

type Entry =
  | { kind: "comment"; at: string; comment: IssueCommentView }
  | { kind: "event"; at: string; item: TimelineItemView };

/** Comments and the timeline of changes, interleaved by time, and a composer for writers. */
export function IssueActivity({ issue, editing, canEdit }: { issue: IssueRef; editing: Editing; canEdit: boolean }) {
  const { timeline, comments } = useIssueActivity(issue);
  const entries: Entry[] = [
    ...(comments.data ?? []).map((comment) => ({ kind: "comment" as const, at: comment.createdAt, comment })),
    ...(timeline.data ?? []).map((item) => ({ kind: "event" as const, at: item.createdAt, item })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section aria-label="Activity">
      <h3 className={styles.activityHeading}>Activity</h3>
      {comments.isError ? (
        <p className={form.smallError} role="alert">
          Comments could not be read: {comments.error.message}
        </p>
      ) : null}
      {timeline.isError ? (
        <p className={form.smallError} role="alert">
          The history could not be read: {timeline.error.message}
        </p>
      ) : null}
      {entries.length === 0 && !comments.isPending && !timeline.isPending ? (
        <p className={styles.muted}>No comments or changes yet.</p>
      ) : (
        <ol className={styles.activity}>
          {entries.map((entry) =>
            entry.kind === "comment" ? (
              <CommentItem key={entry.comment.id} comment={entry.comment} editing={editing} canEdit={canEdit} />
            ) : (
              <EventItem key={entry.item.id} item={entry.item} />
            ),
          )}
        </ol>
      )}
      {canEdit ? (
        <div className={styles.composer}>
          <CommentForm
            initial=""
            label="Comment"
            submitText="Comment"
            onSubmit={(body) => editing.comment.mutateAsync(body)}
          />
        </div>
      ) : null}
    </section>
  );
}
