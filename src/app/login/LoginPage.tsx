import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../hooks';
import { loggedIn, selectCurrentUser } from '../session/sessionSlice';
import { newRoomId } from '../session/randomId';
import { DEFAULT_GAME } from '../games';

/** Where the protected page that sent the person here stored its location. */
export type LoginState = { from?: Location } | null;

/** The login screen at / and /login: one name, then into a room. */
export default function LoginPage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const location = useLocation();
  // Drawn once per visit so re-renders do not change the room a person is about to land in.
  const [freshRoom] = useState(() => `/${newRoomId()}/${DEFAULT_GAME}`);
  const from = (location.state as LoginState)?.from;

  if (user) {
    const target = from ? `${from.pathname}${from.search}${from.hash}` : freshRoom;
    return (
      <>
        <Typography sx={{ p: 4 }}>Loading...</Typography>
        <Navigate to={target} replace />
      </>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('username') ?? '');
    if (name.trim() !== '') dispatch(loggedIn(name));
  };

  return (
    <Box
      sx={{
        minHeight: '100%',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #1f5f4a 0%, #2f7d62 55%, #f3f1ea 55%)',
      }}
    >
      <Box
        sx={{
          p: { xs: 3, sm: 5 },
          width: '100%',
          maxWidth: 420,
          borderRadius: 4,
          bgcolor: 'background.paper',
          boxShadow: 6,
        }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
          Game Room
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Okey, Backgammon, Go, TicTacToe and a block builder. Pick a name, share the link, play.
        </Typography>
        {/* noValidate: the field stays required, but a blank name is ignored silently instead of showing the browser's bubble. */}
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
        >
          <Typography component="label" htmlFor="username" sx={{ fontWeight: 600 }}>
            User:
          </Typography>
          {/* OutlinedInput rather than TextField: TextField drags Select and its popover into the first page. */}
          <OutlinedInput
            id="username"
            name="username"
            required
            size="small"
            autoFocus
            autoComplete="nickname"
            sx={{ flex: 1 }}
            slotProps={{ input: { maxLength: 40 } }}
          />
          <Button type="submit" variant="contained" size="large">
            Go
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
