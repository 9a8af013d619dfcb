import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/i18n';

/** The room with no game chosen yet. */
export default function RoomHome() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4, maxWidth: 560 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('home.title')}
      </Typography>
      <Typography color="text.secondary">{t('home.text')}</Typography>
    </Box>
  );
}
