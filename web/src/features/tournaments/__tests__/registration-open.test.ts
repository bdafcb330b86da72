/** Registration is open until the draw and not past the tournament's start date (issue 30: past cups said "Registration open"). */
import { describe, expect, it } from 'vitest';
import { registrationOpen } from '../registration';

const today = new Date(2026, 10, 25); // 25 November 2026, local time

describe('registration open', () => {
  it('is open before the start date and on the day', () => {
    expect(registrationOpen({ state: 'REGISTRATION' }, '2027-10-14', today)).toBe(true);
    expect(registrationOpen({ state: 'REGISTRATION' }, '2026-11-25', today)).toBe(true);
  });

  it('is closed once the start date has passed, or the bracket is drawn or finished', () => {
    expect(registrationOpen({ state: 'REGISTRATION' }, '2026-11-24', today)).toBe(false);
    expect(registrationOpen({ state: 'REGISTRATION' }, '2026-09-02', today)).toBe(false);
    expect(registrationOpen({ state: 'DRAWN' }, '2027-10-14', today)).toBe(false);
    expect(registrationOpen({ state: 'FINISHED' }, null, today)).toBe(false);
  });

  it('without a start date the bracket state decides', () => {
    expect(registrationOpen({ state: 'REGISTRATION' }, null, today)).toBe(true);
    expect(registrationOpen({ state: 'REGISTRATION' }, 'soon', today)).toBe(true);
  });
});
