import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { setChatShown, useChatShown } from './chatSettings';
import { useChatTexts } from './chatTexts';

/**
 * The sidebar's setting that shows or hides the chat and the quick reactions, remembered in this browser. `bare`
 * leaves out its visible label, where the chat's heading beside it says "Chat" already.
 */
export default function ChatSwitch({ bare = false }: { bare?: boolean }) {
  const shown = useChatShown();
  const t = useChatTexts();
  const control = (
    <Switch
      size="small"
      checked={shown}
      onChange={(_, on) => setChatShown(on)}
      slotProps={{ input: { 'aria-label': t('setting') } }}
    />
  );
  if (bare) return <span title={t('settingHint')}>{control}</span>;
  return (
    <FormControlLabel
      title={t('settingHint')}
      sx={{ ml: 'auto', mr: 0 }}
      control={control}
      label={t('setting')}
      labelPlacement="start"
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}
