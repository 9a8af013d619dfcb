import { describe, expect, it } from 'vitest';
import { roomPathOfDroppedLink } from '../../../src/app/externalDrop';

const origin = 'http://localhost:8080';

describe('a link dropped from outside the page', () => {
  it.each([
    { name: 'a room game link', text: `${origin}/abc123/okey`, path: '/abc123/okey' },
    { name: 'a room link with a fragment', text: `${origin}/abc123/go#key`, path: '/abc123/go#key' },
    { name: 'a uri-list with a comment first', text: `# dragged\r\n${origin}/abc123/`, path: '/abc123/' },
    { name: 'another site', text: 'https://example.org/abc123/okey', path: null },
    { name: 'plain text', text: 'hello there', path: null },
    { name: 'the login page', text: `${origin}/login/x/y`, path: null },
    { name: 'nothing', text: '', path: null },
  ])('opens a room only for links to this app: $name', ({ text, path }) => {
    expect(roomPathOfDroppedLink(text, origin)).toBe(path);
  });
});
