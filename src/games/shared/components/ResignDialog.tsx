import ConfirmDialog from './ConfirmDialog';

type ResignDialogProps = { open: boolean; onClose: () => void; onResign: () => void };

/** "Resign this game?": Keep playing only closes it; Resign closes it and then resigns. */
export default function ResignDialog({ open, onClose, onResign }: ResignDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Resign this game?"
      keepLabel="Keep playing"
      confirmLabel="Resign"
      onClose={onClose}
      onConfirm={onResign}
    />
  );
}
