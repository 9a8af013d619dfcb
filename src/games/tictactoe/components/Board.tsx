import Typography from '@mui/material/Typography';

/** The TicTacToe screen. */
export default function Board() {
  return (
    <Typography variant="h4" component="h1" sx={{ p: 3 }}>
      TicTacToe
    </Typography>
  );
}
