import { Modal } from "../ui/dialog/Modal";
import { CreateOrganizationForm } from "./CreateOrganizationForm";

interface CreateOrganizationDialogProps {
  onCreated: (organization: { id: string; name: string }) => void;
  onClose: () => void;
  initialName?: string;
}

export function CreateOrganizationDialog({ onCreated, onClose, initialName }: CreateOrganizationDialogProps) {
  return (
    <Modal title="Create new organization" onDismiss={onClose}>
      <CreateOrganizationForm onCreated={onCreated} onCancel={onClose} {...(initialName ? { initialName } : {})} />
    </Modal>
  );
}
