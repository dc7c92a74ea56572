import { describe, expect, it } from 'vitest';
import { vatCheckResult, vatStateOnSave, type VatAnswer } from './vat-check.js';

const NOW = '2026-11-29T10:00:00.000Z';
const evidence = { requestIdentifier: 'WAPIAAAAA', checkedAt: NOW };
const fault: VatAnswer = { kind: 'unavailable', error: 'MS_UNAVAILABLE' };

describe('vatStateOnSave', () => {
  it.each([
    ['DE123456788', 'pending', NOW],
    ['EL123456789', 'pending', NOW],
    ['12-3456789', 'unchecked', undefined],
    ['GB123456789', 'unchecked', undefined],
  ])('when the ID is %s, then it is %s', (vatId, status, checkDueAt) => {
    expect(vatStateOnSave(vatId, NOW)).toEqual({ status, checkDueAt });
  });
});

describe('vatCheckResult', () => {
  it.each([
    [0, '2026-11-29T10:01:00.000Z'],
    [1, '2026-11-29T10:05:00.000Z'],
    [2, '2026-11-29T10:30:00.000Z'],
    [3, '2026-11-29T12:00:00.000Z'],
    [4, '2026-11-29T16:00:00.000Z'],
    [9, '2026-11-29T16:00:00.000Z'],
  ])('when %i faults came before, then the next try is at %s', (attempts, checkDueAt) => {
    expect(vatCheckResult({ status: 'pending', attempts }, fault, NOW)).toEqual({
      status: 'unavailable',
      checkDueAt,
      attempts: attempts + 1,
      lastError: 'MS_UNAVAILABLE',
    });
  });

  it('when VIES says valid, then it is checked again in 30 days and the faults are forgotten', () => {
    expect(
      vatCheckResult({ status: 'unavailable', attempts: 3 }, { kind: 'valid', evidence }, NOW),
    ).toEqual({
      status: 'valid',
      evidence,
      checkDueAt: '2026-12-29T10:00:00.000Z',
      attempts: 0,
    });
  });

  it('when VIES says invalid, then nothing more is scheduled', () => {
    expect(
      vatCheckResult({ status: 'pending', attempts: 0 }, { kind: 'invalid', evidence }, NOW),
    ).toEqual({
      status: 'invalid',
      evidence,
      attempts: 0,
    });
  });

  it('when a valid ID meets a fault at its monthly check, then it stays valid and is retried', () => {
    expect(vatCheckResult({ status: 'valid', attempts: 0 }, fault, NOW)).toMatchObject({
      status: 'valid',
      checkDueAt: '2026-11-29T10:01:00.000Z',
    });
  });
});
