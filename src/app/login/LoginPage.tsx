import { useLayoutEffect, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../session/currentUser';
import { newRoomId } from '../session/randomId';
import { DEFAULT_GAME } from '../games';
import { loginTarget, type RequestedLocation } from './target';
import { useTranslation } from '../../i18n/i18n';
import './LoginPage.css';

/** What a host (the page alone, or the app's /login route) gives the login page. */
export type LoginPageProps = {
  /** The person logged in now, or null. */
  user: CurrentUser | null;
  /** Where a protected page sent the person from, or null. */
  from: RequestedLocation | null;
  /** Creates the current user from a name that is non-blank after trimming; the host then passes that user back. */
  logIn: (name: string) => void;
  /** Goes to the target address, replacing this history entry; must keep its identity across renders. */
  leave: (target: string) => void;
};

/**
 * The login screen at / and /login, in plain React and CSS so the first page loads neither MUI,
 * the router nor Redux: one name, then into a room. Logged in, it shows "Loading..." and leaves at once.
 */
export default function LoginPage({ user, from, logIn, leave }: LoginPageProps) {
  // Drawn once per visit so re-renders do not change the room a person is about to land in.
  const [freshRoom] = useState(() => `/${newRoomId()}/${DEFAULT_GAME}`);
  const target = user ? loginTarget(from, freshRoom) : null;
  const { t } = useTranslation();

  // Before the page paints "Loading...": a room started ahead (startRoomAhead) shows in the frame Go was pressed in.
  useLayoutEffect(() => {
    if (target !== null) leave(target);
  }, [target, leave]);

  if (user) return <p className="login-loading">{t('loading')}</p>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('username') ?? '');
    if (name.trim() !== '') logIn(name);
  };

  return (
    <main className="login">
      <div className="login-card">
        <h1 className="login-title">{t('appName')}</h1>
        <p className="login-tagline">{t('login.tagline')}</p>
        {/* noValidate: the field stays required, but a blank name is ignored silently instead of showing the browser's bubble. */}
        <form className="login-form" noValidate onSubmit={submit}>
          <label className="login-label" htmlFor="username">
            {t('login.user')}
          </label>
          <input
            className="login-input"
            id="username"
            name="username"
            required
            autoFocus
            autoComplete="nickname"
            maxLength={40}
          />
          <button className="login-button" type="submit">
            {t('login.go')}
          </button>
        </form>
      </div>
    </main>
  );
}
