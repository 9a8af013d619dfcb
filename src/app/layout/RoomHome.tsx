import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The room with no game chosen yet. */
export default function RoomHome() {
  return (
    <Box sx={{ p: 4, maxWidth: 560 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Pick a game
      </Typography>
      <Typography color="text.secondary">
        Choose a game on the left. Everyone with this room&apos;s link sees the same games; press Share Link
        to invite friends.
      </Typography>
    </Box>
  );
}
