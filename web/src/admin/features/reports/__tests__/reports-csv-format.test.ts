import { describe, expect, it } from 'vitest';
import { chartOption } from '../chart-option';
import { csvFileName, guardCell, toCsv } from '@/admin/lib/csv';
import { currencyDecimals } from '@/admin/lib/money';
import { formatCount, formatHours, formatMoney, formatPeriod, formatRate, majorUnits } from '../format';

describe('tables as CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180, CRLF rows)', () => {
    expect(toCsv(['title', 'plays'], [['Hello, "world"', 3], ['two\nlines', 0], [null, 1.5]])).toBe('title,plays\r\n"Hello, ""world""",3\r\n"two\nlines",0\r\n,1.5');
  });

  it('puts an apostrophe before text a spreadsheet would read as a formula, not before numbers', () => {
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(guardCell(`${start}1`)).toBe(`'${start}1`);
    expect(guardCell(-12.5)).toBe(-12.5);
    expect(guardCell('A=B')).toBe('A=B');
    expect(toCsv(['=title'], [['@SUM(A1)'], [-3]])).toBe("'=title\r\n'@SUM(A1)\r\n-3");
  });

  it('names files with nothing a file system refuses', () => {
    expect(csvFileName('revenue', 'EUR', '2026-01-01', '2026-01-31')).toBe('revenue-EUR-2026-01-01-2026-01-31.csv');
    expect(csvFileName('royalties', '2026-10', 'Acme / Sons')).toBe('royalties-2026-10-Acme_Sons.csv');
  });
});

describe('figures in the console’s language', () => {
  it('writes Arabic with Arabic-Indic digits: counts, money with its currency, rates, hours, periods', () => {
    expect(formatCount(1234567, 'ar')).toBe('١٬٢٣٤٬٥٦٧');
    expect(formatCount(42, 'ar')).toBe('٤٢');
    expect(formatMoney(123456, 'EUR', 'ar')).toMatch(/١٬٢٣٤٫٥٦/);
    expect(formatMoney(123456, 'EUR', 'ar')).toMatch(/€/);
    expect(formatRate(0.125, 'ar')).toMatch(/١٢٫٥/);
    expect(formatRate(null, 'ar')).toBe('—');
    expect(formatHours(5_400_000, 'ar')).toMatch(/١٫٥/);
    expect(formatPeriod('2026-11-01', 'month', 'ar')).toMatch(/٢٠٢٦/);
    expect(formatPeriod('2026-11-23', 'day', 'ar')).toMatch(/٢٣/);
  });

  it('shows minutes under an hour: a full 42 s play is not "0 hr" (issue 73 item 7)', () => {
    expect(formatHours(42_000, 'en')).toBe('1 min');
    expect(formatHours(0, 'en')).toBe('0 min');
    expect(formatHours(25 * 60_000, 'en')).toBe('25 min');
    expect(formatHours(5_400_000, 'en')).toBe('1.5 hr');
  });

  it('writes English with Latin digits and minor units by the currency', () => {
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(majorUnits(1500, 'JPY')).toBe(1500);
    expect(majorUnits(1500, 'EUR')).toBe(15);
    expect(formatPeriod('2026-11-01', 'month', 'en')).toBe('Nov 2026');
    expect(formatPeriod('2026-11-23', 'week', 'en', true)).toBe('Nov 23');
  });
});

describe('chart options', () => {
  const theme = { text: '#111', muted: '#555', border: '#ddd', surface: '#fff', colours: ['#4f46e5'], font: 'system-ui', rtl: false };
  const spec = { kind: 'line' as const, categories: ['a', 'b'], series: [{ name: 'Net', values: [1, 2] }], format: (v: number) => `#${v}`, unit: 'Plays' };

  it('reverses the time axis and puts the values on the right in right-to-left languages', () => {
    const ltr = chartOption(spec, theme) as { xAxis: { inverse: boolean }; yAxis: { position: string } };
    const rtl = chartOption(spec, { ...theme, rtl: true }) as { xAxis: { inverse: boolean }; yAxis: { position: string } };
    expect([ltr.xAxis.inverse, ltr.yAxis.position]).toEqual([false, 'left']);
    expect([rtl.xAxis.inverse, rtl.yAxis.position]).toEqual([true, 'right']);
  });

  it('lays named bars down, every name on its own row, growing leftwards right to left', () => {
    interface Lying { yAxis: { type: string; data: string[]; inverse: boolean; position: string }; xAxis: { type: string; inverse: boolean; axisLabel: { formatter: (v: number) => string } } }
    const named = { ...spec, kind: 'bar' as const, horizontal: true, categories: ['Music Basic', 'Music Premium', 'Video Monthly'] };
    const ltr = chartOption(named, theme) as unknown as Lying;
    const rtl = chartOption(named, { ...theme, rtl: true }) as unknown as Lying;
    expect([ltr.yAxis.type, ltr.yAxis.data, ltr.yAxis.inverse, ltr.yAxis.position]).toEqual(['category', named.categories, true, 'left']);
    expect([ltr.xAxis.type, ltr.xAxis.inverse, ltr.xAxis.axisLabel.formatter(5)]).toEqual(['value', false, '#5']);
    expect([rtl.yAxis.position, rtl.xAxis.inverse]).toEqual(['right', true]);
  });

  it('names the unit on the values\' axis and keeps it inside the box', () => {
    interface Named { grid: { outerBoundsMode: string; outerBoundsContain: string }; yAxis: { name: string; nameLocation: string; nameTextStyle: { align: string } } }
    const ltr = chartOption(spec, theme) as unknown as Named;
    const rtl = chartOption(spec, { ...theme, rtl: true }) as unknown as Named;
    expect([ltr.yAxis.name, ltr.yAxis.nameLocation, ltr.yAxis.nameTextStyle.align]).toEqual(['Plays', 'end', 'left']);
    expect(rtl.yAxis.nameTextStyle.align).toBe('right');
    expect([ltr.grid.outerBoundsMode, ltr.grid.outerBoundsContain]).toEqual(['same', 'all']);
    const lying = chartOption({ ...spec, kind: 'bar', horizontal: true }, theme) as unknown as { xAxis: { name: string; nameLocation: string } };
    expect([lying.xAxis.name, lying.xAxis.nameLocation]).toEqual(['Plays', 'middle']);
  });

  it('writes axis labels and tooltips with the given formatter', () => {
    const option = chartOption(spec, theme) as { yAxis: { axisLabel: { formatter: (v: number) => string } }; tooltip: { valueFormatter: (v: unknown) => string } };
    expect(option.yAxis.axisLabel.formatter(3)).toBe('#3');
    expect(option.tooltip.valueFormatter(4)).toBe('#4');
  });
});
