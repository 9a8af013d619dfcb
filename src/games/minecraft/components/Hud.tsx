import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BLOCK_TYPES, type BlockType } from '../index';
import type { Refusal } from '../../../sync/log/SyncedGame';
import { ICON_FACE, paintFace } from './textures';
import { useReasonText, useTranslation } from '../../../i18n/roomTexts';

let icons: Record<BlockType, string> | null = null;
// Drawn once from the same pixel art as the blocks, so the hotbar shows exactly what a click will place.
const iconsOnce = (): Record<BlockType, string> =>
  (icons ??= Object.fromEntries(BLOCK_TYPES.map((t) => [t, paintFace(ICON_FACE[t]).toDataURL()])) as Record<
    BlockType,
    string
  >);

// Centred by auto margins, not left: 50% and a translate: that halves the width a box may take, so text wrapped early.
const CENTRED = { position: 'absolute', left: 0, right: 0, mx: 'auto', width: 'fit-content' } as const;

/** The crosshair at the centre of the view. */
function Crosshair() {
  const bar = {
    position: 'absolute',
    bgcolor: 'rgba(255,255,255,0.9)',
    boxShadow: '0 0 2px rgba(0,0,0,0.8)',
  } as const;
  return (
    <Box
      aria-hidden
      sx={{ position: 'absolute', left: '50%', top: '50%', width: 0, height: 0, pointerEvents: 'none' }}
    >
      <Box sx={{ ...bar, left: -10, top: -1, width: 20, height: 2 }} />
      <Box sx={{ ...bar, left: -1, top: -10, width: 2, height: 20 }} />
    </Box>
  );
}

/** The five block kinds with their keys, the selected one raised and outlined; a click on a slot selects it too. */
function Hotbar({ selected, onSelect }: { selected: BlockType; onSelect: (block: BlockType) => void }) {
  const images = iconsOnce();
  const { t } = useTranslation('minecraft');
  return (
    <Box
      role="radiogroup"
      aria-label={t('blockType')}
      data-testid="minecraft-hotbar"
      sx={{
        ...CENTRED,
        bottom: 12,
        display: 'flex',
        gap: 0.75,
        p: 0.75,
        bgcolor: 'rgba(0,0,0,0.45)',
        borderRadius: 1,
      }}
    >
      {BLOCK_TYPES.map((type, i) => {
        const active = type === selected;
        const block = t(`blocks.${type}`);
        return (
          <Box
            key={type}
            role="radio"
            aria-checked={active}
            aria-label={t('slot', { n: i + 1, block })}
            title={t('slotTitle', { n: i + 1, block })}
            onClick={() => onSelect(type)}
            sx={{
              position: 'relative',
              // The border sits outside the 48 px picture, so the key number never touches it.
              boxSizing: 'content-box',
              width: 48,
              height: 48,
              cursor: 'pointer',
              border: '3px solid',
              borderColor: active ? '#ffffff' : 'rgba(255,255,255,0.25)',
              transform: active ? 'translateY(-4px)' : 'none',
              backgroundImage: `url(${images[type]})`,
              backgroundSize: 'cover',
              // The picture stops inside the border, so every unselected slot has the same faint frame (glass too).
              backgroundClip: 'padding-box',
              backgroundColor: type === 'glass' ? 'rgba(160,200,230,0.5)' : undefined,
              imageRendering: 'pixelated',
            }}
          >
            <Typography
              component="span"
              sx={{
                position: 'absolute',
                top: 1,
                left: 4,
                fontSize: 12,
                lineHeight: 1.2,
                fontWeight: 700,
                color: '#fff',
                textShadow: '0 0 3px #000',
              }}
            >
              {i + 1}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The heads-up display over the world: crosshair, hotbar, a short refusal hint, and the help card while unlocked. */
export default function Hud({
  selected,
  locked,
  hint,
  onSelect,
}: {
  selected: BlockType;
  locked: boolean;
  hint: Refusal | null;
  onSelect: (block: BlockType) => void;
}) {
  const { t } = useTranslation('minecraft');
  const reasonText = useReasonText();
  return (
    <>
      <Crosshair />
      {hint && (
        <Typography
          role="status"
          data-testid="minecraft-hint"
          sx={{
            ...CENTRED,
            bottom: 96,
            maxWidth: 'calc(100% - 32px)',
            px: 1.5,
            py: 0.5,
            color: '#fff',
            bgcolor: 'rgba(0,0,0,0.55)',
            borderRadius: 1,
            pointerEvents: 'none',
          }}
        >
          {reasonText(hint)}
        </Typography>
      )}
      {!locked && (
        <Paper
          elevation={4}
          sx={{
            ...CENTRED,
            top: 16,
            px: 2.5,
            py: 1.5,
            maxWidth: 'min(720px, calc(100% - 32px))',
            opacity: 0.92,
            pointerEvents: 'none',
          }}
        >
          <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 700 }}>
            {t('clickToPlay')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('help')}
          </Typography>
        </Paper>
      )}
      <Hotbar selected={selected} onSelect={onSelect} />
    </>
  );
}
