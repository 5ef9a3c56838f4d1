import { Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type Chart = { setOption(o: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void };

/**
 * One chart, drawn as SVG (readable by tests and crisp when zoomed). ECharts is loaded on first
 * use; the chart has an accessible name and the screens show the same figures in a table beside it.
 */
export function EChart({ option, height = 420, label, testId }: { option: EChartsCoreOption | null; height?: number; label: string; testId?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  useEffect(() => {
    let live = true;
    let c: Chart | undefined;
    const onResize = () => c?.resize();
    void import('./load-echarts.ts').then(({ echarts }) => {
      if (!live || !host.current) return;
      c = echarts.init(host.current, undefined, { renderer: 'svg' }) as unknown as Chart;
      setChart(c);
      window.addEventListener('resize', onResize);
    });
    return () => {
      live = false;
      window.removeEventListener('resize', onResize);
      c?.dispose();
    };
  }, []);
  useEffect(() => {
    if (chart && option) chart.setOption(option, true);
  }, [chart, option]);
  return (
    <div style={{ position: 'relative' }}>
      {!chart && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
      <div ref={host} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
    </div>
  );
}
