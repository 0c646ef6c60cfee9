import type { StaffSession } from '@hk/domain/staff/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { StaffApiError, setCsrfToken, setSessionEndedHandler } from './api';
import { applyAccountLanguage } from './i18n';
import { deleteSession, fetchSession } from './session-api';

/** Why the sign-in page is shown, when it is worth saying (each has a `sign_in:notice_*` text). */
export const SIGNED_OUT_NOTICES = ['session_ended', 'signed_out', 'unreachable'] as const;
export type SignedOutNotice = (typeof SIGNED_OUT_NOTICES)[number];

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'signed_out'; notice: SignedOutNotice | null }
  | { kind: 'signed_in'; session: StaffSession };

interface SessionContextValue {
  state: SessionState;
  /** A session the sign-in call answered. */
  startSession(session: StaffSession): void;
  /** DELETE /session; throws (and stays signed in) when the server could not be told. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  const startSession = useCallback((session: StaffSession) => {
    setCsrfToken(session.csrfToken);
    void applyAccountLanguage(session.staff.language);
    setState({ kind: 'signed_in', session });
  }, []);

  const endLocally = useCallback((notice: SignedOutNotice | null) => {
    setCsrfToken(null);
    setState({ kind: 'signed_out', notice });
  }, []);

  useEffect(() => {
    // any call answering 401 while signed in: idle timeout, absolute lifetime, signed out elsewhere
    setSessionEndedHandler(() => endLocally('session_ended'));
    let isCurrent = true;
    fetchSession().then(
      (session) => isCurrent && startSession(session),
      (error: unknown) => {
        if (!isCurrent) return;
        const isSignedOut = error instanceof StaffApiError && error.httpStatus === 401;
        endLocally(isSignedOut ? null : 'unreachable');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [endLocally, startSession]);

  const signOut = useCallback(async () => {
    try {
      await deleteSession();
    } catch (error) {
      // 401: the session had ended anyway (the handler above has already said so)
      if (error instanceof StaffApiError && error.httpStatus === 401) return;
      throw error;
    }
    endLocally('signed_out');
  }, [endLocally]);

  const value = useMemo(() => ({ state, startSession, signOut }), [state, startSession, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside <SessionProvider>');
  return value;
}

/** The signed-in session; only under routes that require one (RequireSession). */
export function useStaffSession(): StaffSession {
  const { state } = useSession();
  if (state.kind !== 'signed_in') throw new Error('useStaffSession without a session');
  return state.session;
}
