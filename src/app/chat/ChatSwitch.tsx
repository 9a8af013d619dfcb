import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { setChatShown, useChatShown } from './chatSettings';
import { useChatTexts } from './chatTexts';

/** The sidebar's setting that shows or hides the chat and the quick reactions, remembered in this browser. */
export default function ChatSwitch() {
  const shown = useChatShown();
  const t = useChatTexts();
  return (
    <FormControlLabel
      title={t('settingHint')}
      sx={{ ml: 'auto', mr: 0 }}
      control={<Switch size="small" checked={shown} onChange={(_, on) => setChatShown(on)} />}
      label={t('setting')}
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}
