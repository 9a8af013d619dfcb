import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';

type ResignDialogProps = { open: boolean; onClose: () => void; onResign: () => void };

/** "Resign this game?": Keep playing only closes it; Resign closes it and then resigns. */
export default function ResignDialog({ open, onClose, onResign }: ResignDialogProps) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Resign this game?</DialogTitle>
      <DialogActions>
        <Button onClick={onClose}>Keep playing</Button>
        <Button
          color="secondary"
          variant="contained"
          onClick={() => {
            onClose();
            onResign();
          }}
        >
          Resign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
