import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { findDuplicateTiles } from '../rules/integrity';
import { MESSAGES } from '../rules/messages';
import type { OkeyState } from '../rules/types';
import { englishText } from '../../../i18n/reasons';
import { reasonText } from '../../../i18n/roomTexts';

/** Spec "Integrity check": a tile name on the table more than twice shows 'Duplicate tile detected' and logs them. */
export function useIntegrityAlarm(state: OkeyState): void {
  const { enqueueSnackbar } = useSnackbar();
  const duplicates = findDuplicateTiles(state).join(',');
  useEffect(() => {
    if (!duplicates) return;
    console.error(`${englishText(MESSAGES.duplicateTile)}: ${duplicates}`);
    // Said once per set of duplicates, in the interface's language of that moment.
    enqueueSnackbar(reasonText(MESSAGES.duplicateTile), { variant: 'error', autoHideDuration: 4000 });
  }, [duplicates, enqueueSnackbar]);
}
