import { memo } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Reason } from '../../../i18n/reasons';
import { useReasonText, useTranslation } from '../../../i18n/roomTexts';
import type { ReadiedAct } from '../../world';

type HistoryProps = {
  labels: readonly Reason[];
  /** The step on show, marked as current. */
  step: number;
  ready: boolean;
  /** Shows a step of the history to everyone. */
  jump: ReadiedAct<number>;
};

/** The room's shared move history: one button per position, the one on show marked. */
export default function History({ labels, step, ready, jump }: HistoryProps) {
  const { t } = useTranslation('tictactoe');
  const reasonText = useReasonText();
  return (
    <nav aria-label={t('moveHistory')}>
      <Typography variant="overline" component="h2" color="textSecondary">
        {t('history')}
      </Typography>
      <List dense disablePadding component="ol" className="ttt-history-list">
        {labels.map((label, i) => (
          <HistoryEntry
            key={i}
            label={reasonText(label)}
            index={i}
            current={i === step}
            ready={ready}
            jump={jump}
          />
        ))}
      </List>
    </nav>
  );
}

type HistoryEntryProps = {
  /** The label in the interface's language: a text, so an entry whose label is unchanged does not render again. */
  label: string;
  index: number;
  current: boolean;
  ready: boolean;
  jump: ReadiedAct<number>;
};

// Memoised: a move adds one entry and moves the current mark, so the other entries stay as they are.
const HistoryEntry = memo(function HistoryEntry({ label, index, current, ready, jump }: HistoryEntryProps) {
  return (
    <ListItem disableGutters className="ttt-history-entry">
      <Button
        fullWidth
        size="small"
        variant={current ? 'contained' : 'outlined'}
        aria-current={current ? 'step' : undefined}
        disabled={!ready}
        onClick={() => jump.act(index)}
        {...jump.approach(index)}
        className="ttt-history-button"
      >
        {label}
      </Button>
    </ListItem>
  );
});
