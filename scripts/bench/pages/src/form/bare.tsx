import { createRoot } from 'react-dom/client';
import { FIELDS, makeRecord, type BenchField } from '../data/form-data.ts';
import { LOVS } from '../data/list-data.ts';
import { installFormHarness } from '../harness/form-harness.ts';
import { when } from '../harness/paint.ts';
import './bare.css';
import '../page.css';

/**
 * Scenario 4 floor: the same 300 fields as bare, uncontrolled HTML inputs. A key costs only what
 * the browser itself does for an input; nothing re-renders.
 */
const record = makeRecord();
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function Input({ f }: { f: BenchField }) {
  const v = record[f.name];
  switch (f.kind) {
    case 'text':
      return <textarea id={f.name} name={f.name} defaultValue={str(v)} rows={2} />;
    case 'integer':
    case 'number':
    case 'money':
    case 'percent':
      return <input id={f.name} name={f.name} type="number" defaultValue={str(v)} />;
    case 'date':
      return <input id={f.name} name={f.name} type="date" defaultValue={str(v)} />;
    case 'datetime':
      return <input id={f.name} name={f.name} type="datetime-local" defaultValue={str(v).replace(' ', 'T')} />;
    case 'flag':
      return <input id={f.name} name={f.name} type="checkbox" defaultChecked={v === 1} />;
    case 'lov':
      return (
        <select id={f.name} name={f.name} defaultValue={str(v)}>
          {LOVS['BENCH.STATUS']!.map((o) => (
            <option key={o.value} value={o.value}>
              {o.meaning}
            </option>
          ))}
        </select>
      );
    default:
      return <input id={f.name} name={f.name} defaultValue={str(v)} maxLength={60} />;
  }
}

installFormHarness(when(() => (document.getElementById('f002') as HTMLInputElement | null)?.value === 'Value 2'));
createRoot(document.getElementById('root')!).render(
  <form className="bare">
    {FIELDS.map((f) => (
      <label key={f.name}>
        {f.label}
        <Input f={f} />
      </label>
    ))}
  </form>,
);
