import { createTheme } from '@mui/material/styles';

/** The room's look: a deep felt green with warm paper surfaces. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f5f4a' },
    secondary: { main: '#c2410c' },
    background: { default: '#f3f1ea', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
