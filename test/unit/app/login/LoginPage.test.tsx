import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import LoginPage from '../../../../src/app/login/LoginPage';
import { newCurrentUser } from '../../../../src/app/session/currentUser';

const noop = () => {};

describe('the login page', () => {
  it('shows the label User:, one required username input in a form that does not validate, and Go', () => {
    const html = renderToString(<LoginPage user={null} from={null} logIn={noop} leave={noop} />);
    expect(html).toContain('User:');
    expect(html).toMatch(/<form[^>]*novalidate/i);
    expect(html.match(/<input/g)).toHaveLength(1);
    const input = html.match(/<input[^>]*>/)![0];
    expect(input).toContain('name="username"');
    expect(input).toMatch(/ required/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Go<\/button>/);
    expect(html).toContain('Game Room');
    expect(html).not.toContain('Loading...');
  });

  it('shows only Loading... to a person already logged in', () => {
    const html = renderToString(
      <LoginPage user={newCurrentUser('Ayşe')} from={null} logIn={noop} leave={noop} />,
    );
    expect(html).toContain('Loading...');
    expect(html).not.toContain('<form');
  });
});
