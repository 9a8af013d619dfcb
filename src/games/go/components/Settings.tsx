import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BOARD_SIZES } from '../rules/game';
import { useTranslation } from '../../../i18n/roomTexts';

type SettingsProps = {
  size: number;
  komi: number;
  /** Only seated players choose; watchers see the choice greyed out. */
  canChoose: boolean;
  onSize: (size: number) => void;
  onKomi: (komi: number) => void;
};

/** Board size and komi, shown before the first move. */
export default function Settings({ size, komi, canChoose, onSize, onKomi }: SettingsProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const { t } = useTranslation('go');
  const commit = () => {
    const value = Number(draft);
    if (draft !== null && draft.trim() !== '' && Number.isFinite(value)) onKomi(value);
    setDraft(null);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {canChoose ? t('settings') : t('settingsWatching')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={size}
        disabled={!canChoose}
        aria-label={t('boardSize')}
        onChange={(_, value: number | null) => value !== null && onSize(value)}
      >
        {BOARD_SIZES.map((s) => (
          <ToggleButton key={s} value={s} sx={{ flex: 1 }}>
            {s}×{s}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label={t('komi')}
        type="number"
        size="small"
        disabled={!canChoose}
        value={draft ?? String(komi)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        slotProps={{ htmlInput: { step: 0.5, 'aria-label': t('komi') } }}
      />
    </Box>
  );
}
