import { describe, expect, it } from 'vitest';
import type { Role } from './roles';
import { ROLES } from './roles';
import {
  assignableRoles,
  bannerFor,
  can,
  canManageUser,
  cardExpiryEnd,
  formatCardExpiry,
  licenceAllowsWrites,
  luhnValid,
  priceCents,
  UpgradeSchema,
} from './teams';

describe('formatCardExpiry (upgrade wizard)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12/34', '12/34'],
    ['12/3', '12/3'],
    ['12345', '12345'],
    ['12/345', '12/345'],
    ['ab', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatCardExpiry(input)).toBe(expected);
  });
});

describe('luhnValid and cardExpiryEnd', () => {
  it.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4000000000000002', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['1234', false],
    ['abcd abcd abcd abcd', false],
  ])('%s → %s', (n, ok) => {
    expect(luhnValid(n)).toBe(ok);
  });
  it('MM/YY ends after the last day of the month; bad months are null', () => {
    expect(cardExpiryEnd('02/28')?.toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(cardExpiryEnd('12/30')?.toISOString()).toBe('2031-01-01T00:00:00.000Z');
    expect(cardExpiryEnd('13/30')).toBeNull();
    expect(cardExpiryEnd('00/30')).toBeNull();
    expect(cardExpiryEnd('1230')).toBeNull();
  });
});

describe('prices', () => {
  it('7.20 € per user and month, 72.00 € per user and year (net, cents)', () => {
    expect(priceCents('monthly', 1)).toBe(720);
    expect(priceCents('monthly', 5)).toBe(3600);
    expect(priceCents('yearly', 1)).toBe(7200);
    expect(priceCents('yearly', 5)).toBe(36_000);
    expect(priceCents('yearly', 1) / 12).toBe(600);
  });
});

describe('permissions shared by server and web', () => {
  it('only Owner, Admin and Manager manage users; only the Owner upgrades; everybody reads the subscription', () => {
    const who = (action: Parameters<typeof can>[1]) => ROLES.filter((r) => can(r, action));
    expect(who('employees.list')).toEqual(['Owner', 'Admin', 'Manager']);
    expect(who('subscription.upgrade')).toEqual(['Owner']);
    expect(who('invoices.view')).toEqual(['Owner', 'Admin']);
    expect(who('subscription.view')).toEqual(ROLES);
  });
  it('a Manager cannot assign Manager or Admin; nobody assigns Owner', () => {
    expect(assignableRoles('Manager')).toEqual(['Member', 'Employee', 'Guest']);
    expect(assignableRoles('Admin')).not.toContain('Owner');
    expect(assignableRoles('Owner')).toEqual(['Admin', 'Manager', 'Member', 'Employee', 'Guest']);
    for (const r of ['Member', 'Employee', 'Guest'] as const) {
      expect(assignableRoles(r)).toEqual([]);
    }
  });
  it('canManageUser: lower rank only, never the Owner, never oneself', () => {
    const u = (id: number, role: Role) => ({ id, role });
    expect(canManageUser(u(1, 'Owner'), u(2, 'Admin'))).toBe(true);
    expect(canManageUser(u(1, 'Admin'), u(2, 'Admin'))).toBe(false);
    expect(canManageUser(u(1, 'Admin'), u(2, 'Owner'))).toBe(false);
    expect(canManageUser(u(1, 'Manager'), u(2, 'Guest'))).toBe(true);
    expect(canManageUser(u(1, 'Manager'), u(1, 'Manager'))).toBe(false);
    expect(canManageUser(u(1, 'Member'), u(2, 'Guest'))).toBe(false);
  });
  it('banners and writes follow the licence status', () => {
    expect(bannerFor('trial')).toBe('none');
    expect(bannerFor('trial_ending')).toBe('trial_ending');
    expect(licenceAllowsWrites('trial_ending')).toBe(true);
    expect(licenceAllowsWrites('expired')).toBe(false);
    expect(licenceAllowsWrites('blocked')).toBe(false);
  });
});

describe('UpgradeSchema', () => {
  it('takes the payload of the upgrade wizard', () => {
    const parsed = UpgradeSchema.safeParse({
      company: {
        name: 'A',
        street: 'S',
        postal_code: '1234',
        location: 'L',
        country_id: 'DE',
        email: 'a@b.de',
      },
      company_verify_email: 'a@b.de',
      billing: 'monthly',
      users: 2,
      payment: {
        provider: 'test',
        card_number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        holder: 'H',
      },
    });
    expect(parsed.success).toBe(true);
  });
});
