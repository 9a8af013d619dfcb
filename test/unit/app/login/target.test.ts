import { describe, expect, it } from 'vitest';
import {
  isLoginPath,
  loginTarget,
  requestedFrom,
  requestedFromHistory,
} from '../../../../src/app/login/target';

const privateRoom = { pathname: '/abc123/go', search: '?x=1', hash: '#key=s3cret' };

describe('where login leads', () => {
  it.each([
    {
      name: 'a private room, fragment and query kept',
      from: privateRoom,
      target: '/abc123/go?x=1#key=s3cret',
    },
    {
      name: 'a room page without extras',
      from: { pathname: '/abc123/', search: '', hash: '' },
      target: '/abc123/',
    },
    { name: 'no requested location: the fresh room', from: null, target: '/zz9zz9/okey' },
  ])('$name', ({ from, target }) => {
    const before = structuredClone(from);
    expect(loginTarget(from, '/zz9zz9/okey')).toBe(target);
    expect(from).toEqual(before);
  });
});

describe('the requested location', () => {
  it('is read from the router state RequireUser sends, extra Location fields included', () => {
    expect(requestedFrom({ from: { ...privateRoom, state: null, key: 'k1' } })).toMatchObject(privateRoom);
  });

  it('is read from the history entry React Router wrote, so a reload of /login keeps it', () => {
    expect(requestedFromHistory({ usr: { from: privateRoom }, key: 'k1', idx: 1 })).toEqual(privateRoom);
  });

  it.each([
    { name: 'no state', state: null },
    { name: 'no from', state: {} },
    { name: 'a string', state: { from: '/abc123/okey' } },
    { name: 'missing hash', state: { from: { pathname: '/a', search: '' } } },
    { name: 'relative path', state: { from: { pathname: 'abc', search: '', hash: '' } } },
    { name: 'another host', state: { from: { pathname: '//evil.example/x', search: '', hash: '' } } },
  ])('is absent for $name', ({ state }) => {
    expect(requestedFrom(state)).toBeNull();
    expect(requestedFromHistory({ usr: state })).toBeNull();
  });

  it('is absent when the history entry is not the router’s', () => {
    expect(requestedFromHistory(null)).toBeNull();
    expect(requestedFromHistory('state')).toBeNull();
  });
});

describe('the login page’s addresses', () => {
  it.each([
    { name: 'root', path: '/', login: true },
    { name: 'login', path: '/login', login: true },
    { name: 'login with slash', path: '/login/', login: true },
    { name: 'a room', path: '/abc123/okey', login: false },
    { name: 'a room home', path: '/abc123', login: false },
    { name: 'a longer name', path: '/loginx', login: false },
  ])('$name', ({ path, login }) => {
    expect(isLoginPath(path)).toBe(login);
  });
});
