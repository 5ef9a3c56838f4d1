import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { RendererContext } from '../../../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../../../renderer/ScreenHost.tsx';
import { listEntity, listScreen, LOVS, makeRows } from '../data/list-data.ts';
import { installListHarness } from '../harness/list-harness.ts';
import { when } from '../harness/paint.ts';
import { benchServices } from '../services.ts';
import '../page.css';

/**
 * Scenarios 1–3, ours: the list screen rendered from its schema by the real renderer
 * (ScreenHost → list page kind → DataTable), its data request answered when the runner says.
 */
configure({ enforceActions: 'never' }); // as the shell does (src/main.tsx)

const rows = makeRows();
let release!: () => void;
const arrived = new Promise<unknown>((resolve) => (release = () => resolve({ content: rows, totalElements: rows.length })));
let requested!: () => void;
// Mounted = the table's shell is on screen and its rows have been asked for. The page asks while it
// first renders (before its widget code has loaded), so the request alone does not mean mounted.
const mounted = new Promise<void>((resolve) => (requested = resolve)).then(() => when(() => !!document.querySelector('.dt-head'), 60_000));

const services = benchServices([listEntity], (url, query) => {
  if (url.endsWith('/lovs/value')) return Promise.resolve(LOVS[String(query?.lovCode)] ?? []);
  if (url === '/bench/v1/1/orders') {
    requested();
    return arrived;
  }
  return undefined;
});
// The schema travels as text, as a screen file does, and is parsed by the host.
const text = JSON.stringify(listScreen);
const load = () => Promise.resolve(text);

installListHarness({ rowSelector: '.dt [role="row"][data-row-key]', scrollSelector: '.dt-scroll', mounted, release });
createRoot(document.getElementById('root')!).render(
  <RendererContext.Provider value={services}>
    <ScreenHost file="bench/orders.list.json" load={load} params={{}} />
  </RendererContext.Provider>,
);
