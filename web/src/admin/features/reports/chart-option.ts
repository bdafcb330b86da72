/**
 * What a chart draws (chart.tsx): the ECharts option of a chart, from its figures and the console's
 * theme. Right to left, the category (time) axis runs from right to left and the values' axis stands
 * on the right; the colours are the design tokens of the theme shown (light or dark).
 */
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type ChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

export interface ChartSeries {
  name: string;
  values: (number | null)[];
}

export interface ChartSpec {
  kind: 'line' | 'bar';
  /** The categories' labels (periods, sections, …), in reading order. */
  categories: string[];
  series: ChartSeries[];
  /** Writes a value (axis labels and tooltips). */
  format: (value: number) => string;
  /** What the values count, named on their axis ("Amount (EUR)", "Plays", "Hours"), in the console's language. */
  unit: string;
  /** Bars stacked on one another (parts of one whole). */
  stacked?: boolean;
  /**
   * Bars lying down, one named category (a plan, a method, a section) per row: every name is written in full, where
   * standing bars would leave out the names that do not fit under them.
   */
  horizontal?: boolean;
}

/** The palette after the tenant's primary and accent colours: distinct in light and dark alike. */
const EXTRA_COLOURS = ['#10b981', '#ef4444', '#0ea5e9', '#a855f7', '#f97316', '#14b8a6'];

export interface ChartTheme {
  text: string;
  muted: string;
  border: string;
  surface: string;
  colours: string[];
  font: string;
  rtl: boolean;
}

export function readTheme(): ChartTheme {
  const root = document.documentElement;
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text', '#111827'),
    muted: token('--color-muted', '#5b6474'),
    border: token('--color-border', '#e3e6ee'),
    surface: token('--color-surface', '#ffffff'),
    colours: [token('--color-primary', '#4f46e5'), token('--color-accent', '#f59e0b'), ...EXTRA_COLOURS],
    font: token('--font-sans', 'system-ui, sans-serif'),
    rtl: root.dir === 'rtl',
  };
}

export function chartOption(spec: ChartSpec, theme: ChartTheme): ChartOption {
  const { rtl } = theme;
  const axisLabel = { color: theme.muted, fontFamily: theme.font };
  // The values' axis names its unit: above a standing axis (at its outer edge, so it never runs into the plot), under
  // a lying one.
  const unitName = (nameLocation: 'end' | 'middle', nameGap: number) => {
    const align: 'center' | 'right' | 'left' = nameLocation === 'middle' ? 'center' : rtl ? 'right' : 'left';
    return { name: spec.unit, nameLocation, nameGap, nameTextStyle: { color: theme.muted, fontFamily: theme.font, align } };
  };
  return {
    animation: false,
    color: theme.colours,
    textStyle: { fontFamily: theme.font, color: theme.text },
    // Everything inside the box: the axis labels and the unit's name are measured as drawn (ECharts 6's outer
    // bounds), not estimated from a sample label as `containLabel` did, which cut Arabic labels off on the right.
    grid: { left: 8, right: 8, top: spec.series.length > 1 ? 40 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    legend: spec.series.length > 1 ? { top: 0, [rtl ? 'right' : 'left']: 0, textStyle: { color: theme.text }, align: rtl ? 'right' : 'left' } : { show: false },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: spec.kind === 'bar' ? 'shadow' : 'line' },
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text, fontFamily: theme.font },
      valueFormatter: (value) => (typeof value === 'number' ? spec.format(value) : '—'),
    },
    ...(spec.horizontal
      ? {
          // Lying bars: the first category on top; right to left the bars grow leftwards from names on the right.
          yAxis: { type: 'category', data: spec.categories, inverse: true, position: rtl ? 'right' : 'left', axisLabel, axisLine: { lineStyle: { color: theme.border } }, axisTick: { show: false } },
          xAxis: { type: 'value', inverse: rtl, ...unitName('middle', 28), axisLabel: { ...axisLabel, hideOverlap: true, formatter: (value: number) => spec.format(value) }, splitLine: { lineStyle: { color: theme.border } } },
        }
      : {
          // Right to left: the first period stands on the right, the values' axis on the right too.
          xAxis: { type: 'category', data: spec.categories, inverse: rtl, axisLabel: { ...axisLabel, hideOverlap: true }, axisLine: { lineStyle: { color: theme.border } }, axisTick: { show: false } },
          yAxis: { type: 'value', position: rtl ? 'right' : 'left', ...unitName('end', 12), axisLabel: { ...axisLabel, formatter: (value: number) => spec.format(value) }, splitLine: { lineStyle: { color: theme.border } } },
        }),
    series: spec.series.map((series) =>
      spec.kind === 'line'
        ? ({ type: 'line', name: series.name, data: series.values, showSymbol: spec.categories.length <= 40, connectNulls: false } satisfies LineSeriesOption)
        : ({ type: 'bar', name: series.name, data: series.values, ...(spec.stacked ? { stack: 'total' } : {}), barMaxWidth: 36 } satisfies BarSeriesOption),
    ),
  };
}
