import { useMemo } from 'react';
import { useSnackbar } from 'notistack';

/** How long each kind of toast stays. */
export const TOAST_MS = { success: 2000, other: 4000 } as const;
/** At most this many toasts on screen. */
export const MAX_TOASTS = 20;

/** Shows toasts with the spec's durations: success 2 s, error and plain 4 s. */
export function useToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS.success }),
      error: (message: string) =>
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_MS.other }),
      plain: (message: string) =>
        enqueueSnackbar(message, { variant: 'default', autoHideDuration: TOAST_MS.other }),
    }),
    [enqueueSnackbar],
  );
}
