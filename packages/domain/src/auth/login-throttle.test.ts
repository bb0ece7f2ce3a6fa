import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_DELAY_SECONDS, loginDelaySeconds } from './login-throttle.ts';

describe('login delays', () => {
  it('costs nothing within the free failures, then doubles with each failure up to the cap', () => {
    expect([1, 2, 3].map((n) => loginDelaySeconds(n, 3))).toEqual([0, 0, 0]);
    expect([4, 5, 6, 7].map((n) => loginDelaySeconds(n, 3))).toEqual([1, 2, 4, 8]);
    expect(loginDelaySeconds(14, 3)).toBe(LOGIN_MAX_DELAY_SECONDS);
    expect(loginDelaySeconds(10_000, 3)).toBe(LOGIN_MAX_DELAY_SECONDS);
  });


  it('forgets failures only after a window longer than the longest delay, so waiting out each delay never starts afresh', () => {
    expect(LOGIN_FAILURE_WINDOW_MS).toBeGreaterThan(LOGIN_MAX_DELAY_SECONDS * 1000);
  });
});
