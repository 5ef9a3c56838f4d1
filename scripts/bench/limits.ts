/**
 * What limited each scenario when it missed its target, from the analysis done with these
 * benchmarks (profiles and traces of the pages). Printed under the table for failed rows only,
 * so a FAIL never stands without its reason; update a note when its cause is fixed.
 */
export const LIMITS: Record<string, string> = {
  '1':
    'The schema page renders its rows exactly like the hand-written page (one memoised row component, react-virtual, fixed 40 px rows); what is left is the screen around the table (search form, toolbar, pager re-rendering when the rows arrive) and one extra layout when the viewport grows with the first rows. Absolute times on this machine are dominated by the antd components in every row (Checkbox, three Tags, a Button) and software rendering: the hand-written page misses by the same margin.',
  '2':
    'Each of the 60 jumps moves ~166 rows, so every frame replaces all ~23 visible rows (~750 DOM nodes with 23 antd Checkboxes, 69 Tags and 23 Buttons, each running antd\'s CSS-in-JS hooks), then styles and lays them out with software rendering on 2 cores: script ≈ style+layout per frame, and the hand-written TanStack page misses by the same margin. Next step: lighter row chrome (plain CSS checkbox and tags in cells, antd controls only where rows are edited) and column virtualisation for wide tables.',
  '3':
    'Select all re-renders every visible row (its checkbox changes) and recomputes the selected rows for the toolbar expressions; on this machine that is about as costly as the first paint.',
  '4':
    'A key re-renders only the typed field\'s input (expression flags are MobX computeds and re-render a field only when they flip); the paint percentile follows the machine: the bare-inputs floor has the same tail. Mounting the 300 fields (antd Form.Item per field) is the slow part, not typing.',
  '5':
    'The shell loads antd (ConfigProvider, Layout, Menu, Tabs, Dropdown, Badge, Modal), React, React Router, i18next, MobX, axios and the renderer host before the first screen (the largest chunks are listed below). Next step: load the header\'s menus, notices and search on idle, and check which antd components the first screen pulls in statically.',
  '6':
    'Measured as asked, from a fresh /workplace: the first screen opened loads the shared renderer code for its page kind (ListPage, DataTable, the form code that ListPage imports through RecordModal, field widgets such as DatePicker + dayjs ≈ 35 KB and Select ≈ 23 KB, cells, actions). The schema itself is a small chunk (the user list\'s is 0.5 KB gzip). Next step: prefetch the page kinds and common widgets once /workplace is idle, so a route adds little more than its schema.',
  '7':
    'Dominated by the shell, not the list screen: src/App.tsx runs root.start() in an effect that depends on `navigate`, whose identity changes with every location change under BrowserRouter, so opening a tab re-fetches the user, prompts, menu tree, tenants and roles, reconnects notices and calls workspace.restore(), which replaces every Tab object; every open tab then re-renders, and because TabContent\'s services memo is also keyed on `navigate` and it passes a new loadWithTimeout(...) on every render, every open ScreenHost reloads its schema and every page re-prepares and refetches its data. Keeping `navigate` in a ref in App.tsx and TabContent.tsx (tried on a copy of src/, not committed) halved the time on the same machine. After that: the chunk waterfall (schema → page kind → entity → widgets, four round trips).',
  '8':
    'Not analysed to the end yet. Opening is slow for the shell cause of 7 (every tab opened re-renders and refetches every open tab, so 30 tabs take quadratic time and each run is time-boxed); after closing them all the heap stays ~8–10 MB above where it started. Candidates: caches keyed by each tab\'s services object (value sets, permissions), closed pages\' stores still referenced from the workspace (before-close callbacks, restored tabs), antd Tabs keeping removed panes. Next step: a heap-snapshot diff before opening and after closing.',
  '9': 'The check builds the server\'s route table (Fastify app without a database) and compiles the meta-schemas with Ajv once per process; both are fixed costs that grow little with the number of files.',
  '10':
    'PGlite is one connection in WASM: 32 concurrent requests queue behind each other, and each list query sorts and counts 100,000 rows without an index on (tenant_id, status_code, amount), so p99 is the queue length times one query. Next step: an index for the sortable/filterable columns and a cached or estimated count; PostgreSQL with a pool parallelises the queue.',
};
