/** A location inside the app, as a protected page hands it to the login page. */
export type RequestedLocation = { pathname: string; search: string; hash: string };

/** The router state a protected page sends along when it redirects to /login (RequireUser). */
export type LoginState = { from?: RequestedLocation } | null;

/** Whether an address shows the login page (/ renders the same element as /login). */
export const isLoginPath = (pathname: string): boolean => /^\/(login\/?)?$/.test(pathname);

const isRequestedLocation = (v: unknown): v is RequestedLocation => {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return (
    typeof l.pathname === 'string' &&
    // One leading slash only: "//host/..." would leave the site.
    /^\/(?!\/)/.test(l.pathname) &&
    typeof l.search === 'string' &&
    typeof l.hash === 'string'
  );
};

/** The location a protected page sent the person from, read from router state; null when there is none. */
export function requestedFrom(state: unknown): RequestedLocation | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  return isRequestedLocation(from) ? from : null;
}

/**
 * The same, read from the browser's history entry: React Router keeps its location state under `usr` there, which is
 * how the login page shown without the router still finds it after a reload of /login.
 */
export const requestedFromHistory = (historyState: unknown): RequestedLocation | null =>
  typeof historyState === 'object' && historyState !== null
    ? requestedFrom((historyState as { usr?: unknown }).usr)
    : null;

/** The browser history entry the app's router would make for /login sent from `from` (read by requestedFromHistory). */
export const loginHistoryState = (from: RequestedLocation): { usr: LoginState } => ({ usr: { from } });

/** Where login leads: the originally requested location, whole, else the fresh room. */
export const loginTarget = (from: RequestedLocation | null, freshRoom: string): string =>
  from ? `${from.pathname}${from.search}${from.hash}` : freshRoom;
