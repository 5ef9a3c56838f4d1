import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { RendererContext } from '../../../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../../../renderer/ScreenHost.tsx';
import { formEntity, formScreen, makeRecord } from '../data/form-data.ts';
import { LOVS } from '../data/list-data.ts';
import { installFormHarness } from '../harness/form-harness.ts';
import { when } from '../harness/paint.ts';
import { benchServices } from '../services.ts';
import '../page.css';

/** Scenario 4, ours: the 300-field detail screen rendered from its schema by the real renderer. */
configure({ enforceActions: 'never' }); // as the shell does (src/main.tsx)

const record = makeRecord();
const services = benchServices([formEntity], (url, query) => {
  if (url.endsWith('/lovs/value')) return Promise.resolve(LOVS[String(query?.lovCode)] ?? []);
  if (url === '/bench/v1/1/forms/1') return Promise.resolve(structuredClone(record));
  return undefined;
});
const text = JSON.stringify(formScreen);
const load = () => Promise.resolve(text);

installFormHarness(when(() => (document.getElementById('field-f002') as HTMLInputElement | null)?.value === 'Value 2'));
createRoot(document.getElementById('root')!).render(
  <RendererContext.Provider value={services}>
    <ScreenHost file="bench/form.detail.json" load={load} params={{ id: '1' }} />
  </RendererContext.Provider>,
);
