import { describe, expect, it } from 'vitest';
import { batchBody, batchCsv, batchCsvName, batchFormErrors, dayFrom, pageCount } from '../vouchers';

const batch = { id: '0b6f1c2e-aaaa-bbbb-cccc-000000000001', typeId: 101, productId: null, validFrom: '2026-11-25T10:00:00Z', validUntil: '2027-11-25T23:59:59Z', note: 'Fair "A"', createdAt: '2026-11-25T10:00:00Z' };

describe('the CSV of a minted batch', () => {
  it('has a header and one row per code, as the server writes it', () => {
    const csv = batchCsv(batch, ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH']);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('code,batchId,typeId,productId,validFrom,validUntil,note');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('AAAA-BBBB-CCCC-DDDD,"0b6f1c2e-aaaa-bbbb-cccc-000000000001",101,,"2026-11-25T10:00:00Z","2027-11-25T23:59:59Z","Fair ""A"""');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
  it('defuses a cell a spreadsheet would run, with the reports\' CSV writer (issue 77 item 5)', () => {
    const lines = batchCsv({ ...batch, note: '=HYPERLINK("x")', productId: 8001 }, ['AAAA']).trimEnd().split('\r\n');
    expect(lines[1]).toBe(`AAAA,"0b6f1c2e-aaaa-bbbb-cccc-000000000001",101,8001,"2026-11-25T10:00:00Z","2027-11-25T23:59:59Z","'=HYPERLINK(""x"")"`);
    expect(batchCsv({ ...batch, note: '-1' }, ['AAAA'])).toContain(`,"'-1"\r\n`);
  });
  it('names the file by tenant, day and batch', () => {
    expect(batchCsvName('aurora', batch)).toBe('vouchers-aurora-2026-11-25-0b6f1c2e.csv');
  });
});

describe('the new-batch form', () => {
  const ok = { grants: 'plan:101', count: '3', validFrom: '', validUntil: '', note: '' };
  it('accepts a plan or a product, 1 to 10000 codes', () => {
    expect(batchFormErrors(ok)).toEqual({});
    expect(batchFormErrors({ ...ok, grants: 'product:8001', count: '10000' })).toEqual({});
    expect(batchFormErrors({ ...ok, grants: '' })).toEqual({ grants: 'grants' });
    for (const count of ['0', '10001', '2.5', '', '-1', 'x']) expect(batchFormErrors({ ...ok, count })).toEqual({ count: 'countRange' });
  });
  it('wants the window in order and a short note', () => {
    expect(batchFormErrors({ ...ok, validFrom: '2027-01-02', validUntil: '2027-01-01' })).toEqual({ validUntil: 'untilBeforeFrom' });
    expect(batchFormErrors({ ...ok, note: 'x'.repeat(501) })).toEqual({ note: 'noteLength' });
  });
  it('makes the body with only what was given', () => {
    expect(batchBody(ok)).toEqual({ typeId: 101, count: 3 });
    expect(batchBody({ grants: 'product:8001', count: ' 12 ', validFrom: '2027-01-01', validUntil: '2027-06-30', note: ' Fair ' })).toEqual({ productId: 8001, count: 12, validFrom: '2027-01-01', validUntil: '2027-06-30', note: 'Fair' });
  });
  it('counts days and pages', () => {
    expect(dayFrom(new Date('2026-11-25T23:30:00Z'), 365)).toBe('2027-11-25');
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
