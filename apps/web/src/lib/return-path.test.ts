import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathAfterLogin } from './return-path.ts';

describe('login return path', () => {
  it('round-trips a path with a query and an encoded percent sign', () => {
    const path = '/delegation/edit/5?note=50%25';
    expect(returnPathAfterLogin(loginPathFor(path))).toBe(path);
  });

  it('uses plain /login for the home page and for login or logout pages', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/logout')).toBe('/login');
    expect(loginPathFor('/login/%2Fx')).toBe('/login');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/logout'])('refuses %s as a target', (address) => {
    expect(returnPathAfterLogin(`/login/${encodeURIComponent(address)}`)).toBe('/');
  });

  it('goes home when no address was given or it is malformed', () => {
    expect(returnPathAfterLogin('/login')).toBe('/');
    expect(returnPathAfterLogin('/login/%E0%A4%A')).toBe('/');
  });
});
