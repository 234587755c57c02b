import type { ReactNode } from "react";
import { ConfirmationDialog } from "./ConfirmationDialog";

interface ConfirmDeletionProps<Item> {
  /** The record a row's Delete asked about; nothing shows while it is null. */
  item: Item | null;
  title: (item: Item) => string;
  body: (item: Item) => ReactNode;
  confirmText: string;
  /** Closes the dialog: the screen forgets the item it asked about. */
  onClose: () => void;
  onDelete: (item: Item) => void;
}

/**
 * "Delete this record?" for a list of records whose rows each offer Delete: the dialog closes
 * before the deletion starts, so the row's pending state shows in the list, not behind a dialog.
 */
export function ConfirmDeletion<Item>({
  item,
  title,
  body,
  confirmText,
  onClose,
  onDelete,
}: ConfirmDeletionProps<Item>) {
  if (item === null) return null;
  return (
    <ConfirmationDialog
      title={title(item)}
      body={body(item)}
      confirmText={confirmText}
      danger
      onConfirm={() => {
        onClose();
        onDelete(item);
      }}
      onCancel={onClose}
    />
  );
}
