/**
 * A chart of a report (issue 35 item 5; docs/decisions.md "Reports: the charting library"): Apache
 * ECharts from `echarts/core` with only the line and bar charts, the grid, tooltip and legend and the
 * SVG renderer, in the reports' own chunk. Colours come from the console's design tokens (light and
 * dark, redrawn when the theme changes); right to left the time axis is reversed (chart-option.ts).
 * Every label and tooltip is written by the caller's formatter (Arabic-Indic digits in Arabic). The
 * chart is an image to assistive technology; the figures are in the data table beside it (report-panel.tsx).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { chartOption, readTheme, type ChartSpec, type ChartTheme } from './chart-option';

registerParts([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** The theme now, read again whenever <html>'s theme, class or direction changes. */
function useTheme(): ChartTheme {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'dir', 'style'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

const HEIGHT = 300;

export function Chart({ spec, label }: { spec: ChartSpec; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const instance = init(element, null, { renderer: 'svg', width: element.clientWidth || 600, height: HEIGHT });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize({ width: element.clientWidth || 600, height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(spec, theme), { notMerge: true });
  }, [spec, theme]);

  // dir="ltr": the option mirrors the chart for right-to-left itself (chart-option.ts); an inherited rtl would also
  // flip every SVG text's anchor, so Arabic legend words would run over their colour squares.
  return (
    <div ref={box} dir="ltr" role="img" aria-label={label} data-chart={spec.kind} className="w-full" style={{ height: HEIGHT }} />
  );
}
