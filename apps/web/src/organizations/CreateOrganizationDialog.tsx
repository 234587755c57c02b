import { Modal } from "../ui/dialog/Modal";
import { CreateOrganizationForm } from "./CreateOrganizationForm";

interface CreateOrganizationDialogProps {
  onCreated: (organization: { id: string; name: string }) => void;
  onClose: () => void;
}

export function CreateOrganizationDialog({ onCreated, onClose }: CreateOrganizationDialogProps) {
  return (
    <Modal title="Create new organization" onDismiss={onClose}>
      <CreateOrganizationForm onCreated={onCreated} onCancel={onClose} />
    </Modal>
  );
}
