import type { TSessionUser } from '@sim/shared';
import { useSyncExternalStore } from 'react';
import { readSessionUser } from './shape-guards';

/** localStorage keys of the session, as the spec names them. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** sessionStorage key of the URL to return to after sign-in (survives a reload of /login). */
export const REDIRECT_KEY = 'redirectUrl';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored session user, or null when missing or not readable. */
export function getStoredUser(): TSessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return readSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: TSessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

/** Replaces the token of the current session (a password change ends the old one and sends a new one). */
export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function saveStoredUser(user: TSessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Drops the token and the stored user (a 401 from the server). */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

/** Sign out clears all local storage. */
export function clearAllLocalStorage(): void {
  localStorage.clear();
  sessionStorage.removeItem(REDIRECT_KEY);
  emit();
}

/** The current token; re-renders when it changes (sign-in, sign-out, a 401, another tab). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function rememberRedirect(url: string): void {
  sessionStorage.setItem(REDIRECT_KEY, url);
}

export function readRememberedRedirect(): string | null {
  return sessionStorage.getItem(REDIRECT_KEY);
}

export function forgetRedirect(): void {
  sessionStorage.removeItem(REDIRECT_KEY);
}
