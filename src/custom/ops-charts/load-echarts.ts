/**
 * ECharts for the service topology, the batch statistics and the reports (hrpt): only the graph, bar, line and pie charts and
 * the SVG renderer, registered once. Screens import this module with `import()`, so ECharts is a
 * chunk of its own that loads when such a screen opens, never part of the first screen.
 */
import { BarChart, GraphChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([GraphChart, BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
