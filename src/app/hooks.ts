// eslint-disable-next-line no-restricted-imports -- this file is where the typed hooks are made
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

/** useDispatch typed for this app. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** useSelector typed for this app. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** useStore typed for this app. */
export const useAppStore = useStore.withTypes<AppStore>();
