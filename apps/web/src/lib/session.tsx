import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { authApi, Language, ResponseOf, UserProperties } from '@delego/contract';
import { ApiError, call } from './api-client.ts';
import { loadAuthApi } from './auth-endpoints.ts';
import { applyLanguage } from './i18n.ts';
import { loginPathFor } from './return-path.ts';
import { dropSessionData } from './session-data.ts';
import { TOKEN_STORAGE_KEY, readToken, readValidToken, removeToken, tokenExpiresAt, writeToken } from './token-storage.ts';

/** Spec §9: the token is checked every 10 s and refreshed when under 60 s remain. */
const TOKEN_CHECK_INTERVAL_MS = 10_000;
const REFRESH_BEFORE_EXPIRY_MS = 60_000;
const COUNTDOWN_TICK_MS = 1_000;
/** Shared so activity in one tab keeps the common session alive in the others. */
const ACTIVITY_STORAGE_KEY = 'delego.lastActivity';
const ACTIVITY_SHARE_INTERVAL_MS = 5_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

export type SessionResponse = ResponseOf<typeof authApi.signInWithCode>;

export type SessionState =
  | { status: 'loading' }
  | { status: 'logged'; user: UserProperties }
  | { status: 'notLogged' };

interface SessionContextValue {
  state: SessionState;
  /** Starts the session from a login (or password-change) answer. */
  login: (session: SessionResponse) => void;
  updateUser: (user: UserProperties) => void;
  /** Acts on another account or back on one's own (login-as, login-back): the new token, and no data of the previous account kept. */
  switchAccount: (session: SessionResponse) => void;
  /** Ends the session here and on the server: the logout page and the inactivity timer. */
  logout: () => Promise<void>;
  /** The server no longer accepts the session: drop it and go to login with the way back. */
  expire: () => void;
  countdown: CountdownStore;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Seconds left before the inactivity logout; null while nobody is logged in. */
interface CountdownStore {
  get: () => number | null;
  set: (seconds: number | null) => void;
  subscribe: (listener: () => void) => () => void;
}

// An external store, so the countdown re-renders only the footer every second, not the app.
function createCountdownStore(): CountdownStore {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (seconds) => {
      if (seconds === value) return;
      value = seconds;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sharedActivityAt(): number {
  return Number(window.localStorage.getItem(ACTIVITY_STORAGE_KEY)) || 0;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<SessionState>(() => (readValidToken() ? { status: 'loading' } : { status: 'notLogged' }));
  const [countdown] = useState(createCountdownStore);
  const stateRef = useRef(state);
  const pathRef = useRef(location.pathname + location.search);
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const loggingOut = useRef(false);

  useEffect(() => {
    stateRef.current = state;
    pathRef.current = location.pathname + location.search;
  });

  const lastActivityAt = useCallback(() => Math.max(lastActivity.current, sharedActivityAt()), []);

  const startSession = useCallback((user: UserProperties) => {
    lastActivity.current = Date.now();
    setState({ status: 'logged', user });
    void applyLanguage(user.language);
  }, []);

  const dropSession = useCallback(() => {
    removeToken();
    setState({ status: 'notLogged' });
    countdown.set(null);
    dropSessionData();
  }, [countdown]);

  const login = useCallback(
    (session: SessionResponse) => {
      writeToken(session.access_token);
      startSession(session.user_properties);
    },
    [startSession],
  );

  const updateUser = useCallback((user: UserProperties) => setState({ status: 'logged', user }), []);

  const switchAccount = useCallback(
    (session: SessionResponse) => {
      writeToken(session.access_token);
      dropSessionData();
      setState({ status: 'logged', user: session.user_properties });
    },
    [],
  );

  const logout = useCallback(async () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    const token = readToken();
    dropSession();
    try {
      if (token) await call((await loadAuthApi()).logout, undefined, { token, handleUnauthorized: false, notifyErrors: false });
    } catch {
      // Nothing to tell the user: the token is already gone from this browser and the
      // server ends the session at its expiry when this call did not get through.
    } finally {
      loggingOut.current = false;
    }
  }, [dropSession]);

  const expire = useCallback(() => {
    dropSession();
    navigate(loginPathFor(pathRef.current), { replace: true });
  }, [dropSession, navigate]);

  // A stored token is checked against the server before the app trusts it.
  useEffect(() => {
    if (state.status !== 'loading') return;
    let active = true;
    loadAuthApi()
      .then((api) => call(api.userProperties, undefined, { handleUnauthorized: false, notifyErrors: false }))
      .then(
        (user) => {
          if (active) startSession(user);
        },
        (error: unknown) => {
          if (!active) return;
          // Keep the token when the server was only unreachable; a reload can resume the session.
          if (error instanceof ApiError && error.status > 0) removeToken();
          setState({ status: 'notLogged' });
        },
      );
    return () => {
      active = false;
    };
  }, [state.status, startSession]);

  // Removing the token in another tab logs this one out too (spec §2 /logout).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      if (readToken() !== null || stateRef.current.status === 'notLogged') return;
      navigate('/logout', { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  const sessionMinutes = state.status === 'logged' ? state.user.system_settings.session_time : null;

  // The inactivity countdown: reset by mouse and keyboard, logs out below zero (spec §9).
  useEffect(() => {
    if (sessionMinutes === null) return;
    const sessionSeconds = sessionMinutes * 60;
    const onActivity = () => {
      const now = Date.now();
      lastActivity.current = now;
      countdown.set(sessionSeconds);
      if (now - lastShared.current >= ACTIVITY_SHARE_INTERVAL_MS) {
        lastShared.current = now;
        window.localStorage.setItem(ACTIVITY_STORAGE_KEY, String(now));
      }
    };
    const tick = () => {
      const remaining = sessionSeconds - Math.floor((Date.now() - lastActivityAt()) / 1000);
      countdown.set(remaining);
      if (remaining < 0) void logout();
    };
    tick();
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [sessionMinutes, countdown, lastActivityAt, logout]);

  // Keeps the short-lived token fresh while the user is active (spec §9).
  useEffect(() => {
    if (sessionMinutes === null) return;
    let refreshing = false;
    const timer = window.setInterval(() => {
      const token = readToken();
      if (token === null || refreshing) return;
      const now = Date.now();
      const expiresAt = tokenExpiresAt(token);
      if (expiresAt === null || expiresAt <= now) {
        expire();
        return;
      }
      if (expiresAt - now >= REFRESH_BEFORE_EXPIRY_MS || now - lastActivityAt() > sessionMinutes * 60_000) return;
      refreshing = true;
      loadAuthApi()
        .then((api) => call(api.refreshToken, undefined, { handleUnauthorized: false, notifyErrors: false }))
        .then(({ token: fresh }) => writeToken(fresh), expire)
        .finally(() => {
          refreshing = false;
        });
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sessionMinutes, expire, lastActivityAt]);

  const value = useMemo<SessionContextValue>(
    () => ({ state, login, updateUser, switchAccount, logout, expire, countdown }),
    [state, login, updateUser, switchAccount, logout, expire, countdown],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The logged-in user; only for screens behind the authentication guard. */
export function useCurrentUser(): UserProperties {
  const { state } = useSession();
  if (state.status !== 'logged') throw new Error('useCurrentUser needs a logged-in session');
  return state.user;
}

/** Seconds until the inactivity logout, or null without a session. */
export function useInactivitySeconds(): number | null {
  const { countdown } = useSession();
  return useSyncExternalStore(countdown.subscribe, countdown.get);
}

/** Switches the language at once and, when logged in, saves it as the user's language. */
export function useLanguageSwitch(): (language: Language) => Promise<void> {
  const { state, updateUser } = useSession();
  return useCallback(
    async (language: Language) => {
      await applyLanguage(language);
      if (state.status !== 'logged' || state.user.language === language) return;
      updateUser({ ...state.user, language });
      try {
        await call((await loadAuthApi()).updateMyLanguage, { body: { language } });
      } catch {
        // The api client has already shown the failure; the switch still holds for this visit.
      }
    },
    [state, updateUser],
  );
}
