import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../hooks';
import { useParticipantsPanel } from '../room/presenceView';
import { selectUnreachedPeers } from '../room/roomSlice';
import { useTranslation } from '../../i18n/i18n';

/** One person in the room, as the sidebar lists them. */
export type Participant = { clientId: number; name: string; color: string; isSelf: boolean };

/**
 * "Connected:" and the display names of everyone present, the user included, then a line for each peer the server
 * introduced that no link reaches yet (connecting, then not reachable, with what helps). It reads them itself: someone
 * arriving or leaving re-renders this list, not the sidebar around it.
 */
export default function PresencePanel() {
  const participants = useParticipantsPanel();
  const unreached = useAppSelector(selectUnreachedPeers);
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="connected-heading">
      <Typography
        id="connected-heading"
        variant="subtitle2"
        sx={{ fontWeight: 700, color: 'text.secondary' }}
      >
        {t('connected')}
      </Typography>
      <List dense disablePadding data-testid="presence-list">
        {participants.map((p) => (
          <ListItem key={p.clientId} disableGutters sx={{ gap: 1 }}>
            <Box
              component="span"
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: p.color, flex: 'none' }}
            />
            <Typography component="span" noWrap sx={{ fontWeight: p.isSelf ? 700 : 400 }}>
              {p.name}
            </Typography>
          </ListItem>
        ))}
        {unreached.map((p) => (
          <ListItem key={p.peerId} disableGutters data-testid={`peer-${p.state}`}>
            <Typography component="span" noWrap sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
              {t(p.state === 'connecting' ? 'peerConnecting' : 'peerUnreachable')}
            </Typography>
          </ListItem>
        ))}
      </List>
      {unreached.some((p) => p.state === 'unreachable') && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('unreachableHelp')}
        </Typography>
      )}
    </Box>
  );
}
