import { describe, expect, it } from 'vitest';
import { newRoomId, randomId } from '../../../../src/app/session/randomId';
import { loggedIn, loggedOut, sessionSlice } from '../../../../src/app/session/sessionSlice';
import { newCurrentUser, USER_COLORS } from '../../../../src/app/session/currentUser';
import { browserId } from '../../../../src/app/session/browserId';
import { loadSession, saveSession } from '../../../../src/app/session/persistSession';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
};

describe('ids', () => {
  it('makes room ids of 6 and user ids of 25 characters of 0-9a-z', () => {
    for (let i = 0; i < 200; i++) {
      expect(newRoomId()).toMatch(/^[0-9a-z]{6}$/);
      expect(randomId(25)).toMatch(/^[0-9a-z]{25}$/);
    }
  });
});

describe('the session', () => {
  it('logs in with a trimmed name, a 25-character id and one of the five user colours', () => {
    const state = sessionSlice.reducer(undefined, loggedIn('  Ayşe  '));
    expect(state.currentUser?.name).toBe('Ayşe');
    expect(state.currentUser?.id).toMatch(/^[0-9a-z]{25}$/);
    expect(USER_COLORS).toContain(state.currentUser?.color);
  });

  it.each([
    { name: 'first colour', random: 0, color: 'red' },
    { name: 'last colour', random: 0.99, color: 'yellow' },
  ])('draws the colour in prepare: $name', ({ random, color }) => {
    expect(loggedIn('x', () => random).payload.color).toBe(color);
  });

  it('creates the same kind of user without Redux, as the login page shown alone does', () => {
    const user = newCurrentUser('  Cem ', () => 0.5);
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-z]{25}$/), name: 'Cem', color: 'blue' });
    expect(loggedIn('  Cem ', () => 0.5).payload).toEqual({ ...user, id: expect.any(String) });
  });

  it('logs out to a null user', () => {
    const state = sessionSlice.reducer(sessionSlice.reducer(undefined, loggedIn('A')), loggedOut());
    expect(state.currentUser).toBeNull();
  });

  it('survives a reload through storage, and forgets a logged-out user', () => {
    const storage = memoryStorage();
    const session = sessionSlice.reducer(undefined, loggedIn('Bora'));
    saveSession(session, storage);
    expect(loadSession(storage)).toEqual(session);
    saveSession({ currentUser: null }, storage);
    expect(loadSession(storage)).toEqual({ currentUser: null });
  });

  it('gives the browser its id as a person logs in, and keeps it for every tab after', () => {
    const storage = memoryStorage();
    saveSession(sessionSlice.reducer(undefined, loggedIn('Bora')), storage);
    const id = storage.getItem('game-room:browser');
    expect(id).toMatch(/^[0-9a-z]{12}$/);
    saveSession(sessionSlice.reducer(undefined, loggedIn('Cem')), storage);
    expect(browserId(storage)).toBe(id);
    expect(browserId(storage)).toBe(id);
  });

  it.each([
    { name: 'not JSON', stored: '{oops' },
    { name: 'wrong shape', stored: '{"id":1}' },
    { name: 'bad colour', stored: JSON.stringify({ id: 'a'.repeat(25), name: 'A', color: 'pink' }) },
    { name: 'blank name', stored: JSON.stringify({ id: 'a'.repeat(25), name: '  ', color: 'red' }) },
  ])('treats a corrupt stored session as logged out: $name', ({ stored }) => {
    const storage = memoryStorage();
    storage.setItem('game-room:user', stored);
    expect(loadSession(storage)).toEqual({ currentUser: null });
  });
});
