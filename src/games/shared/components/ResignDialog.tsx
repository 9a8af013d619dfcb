import ConfirmDialog from './ConfirmDialog';
import { useTranslation } from '../../../i18n/roomTexts';

type ResignDialogProps = { open: boolean; onClose: () => void; onResign: () => void };

/** "Resign this game?": Keep playing only closes it; Resign closes it and then resigns. */
export default function ResignDialog({ open, onClose, onResign }: ResignDialogProps) {
  const { t } = useTranslation('shared');
  return (
    <ConfirmDialog
      open={open}
      title={t('resignTitle')}
      keepLabel={t('keepPlaying')}
      confirmLabel={t('resign')}
      onClose={onClose}
      onConfirm={onResign}
    />
  );
}
