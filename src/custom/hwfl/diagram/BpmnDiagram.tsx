import { Alert, Button, Spin } from 'antd';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useServicesOptional } from '../../../../renderer/runtime/services.ts';
import type { DiagramInstance } from './bpmn-setup.ts';

/** What a screen can do with a shown diagram (given through `onReady`). */
export interface BpmnDiagramHandle {
  /** The diagram as BPMN 2.0 XML (with the modeler's edits). */
  getXml(): Promise<string>;
  /** Shows another XML; rejects with bpmn-js's error when it does not import (the error is shown too). */
  importXml(xml: string): Promise<void>;
  /** Selects an element and centres it; false when the diagram has no such element. */
  reveal(elementId: string): boolean;
  /** Called on every edit in the modeler (not on imports); answers the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export interface BpmnDiagramProps {
  xml: string;
  mode: 'view' | 'edit';
  /** Ids of the current nodes of a running instance: a visible marker. */
  highlight?: string[];
  /** Ids of nodes and flows already passed: a quieter marker. */
  done?: string[];
  /** A red marker and the message on each named element, and a list of them under the diagram (an item selects and centres its element). */
  problems?: Array<{ element: string; message: string }>;
  onReady?(handle: BpmnDiagramHandle): void;
}

const NONE: never[] = [];

const fill = (text: string, vars?: Record<string, unknown>) => (vars ? text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? '')) : text);

/**
 * A BPMN diagram: bpmn-js's NavigatedViewer (`view`) or Modeler (`edit`), loaded on demand from
 * its own chunk (bpmn-setup.ts). Marks the current, passed and refused elements; shows bpmn-js's
 * message when the XML does not import. It fills its parent's height (at least 360 px).
 */
export function BpmnDiagram(p: BpmnDiagramProps) {
  const s = useServicesOptional();
  const t = (key: string, fallback: string, vars?: Record<string, unknown>) => (s ? s.t(key, fallback, vars) : fill(fallback, vars));
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [inst, setInst] = useState<DiagramInstance | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  /** The elements drawn, by id, with their names (for the screen-reader summary). */
  const [shown, setShown] = useState<Map<string, string> | null>(null);
  const [generation, setGeneration] = useState(0);
  const latest = useRef(p);
  const listeners = useRef(new Set<() => void>());
  useEffect(() => {
    latest.current = p;
  });
  const label = p.mode === 'edit' ? t('hwfl.modeler.diagram.editLabel', 'BPMN diagram editor') : t('hwfl.modeler.diagram.label', 'BPMN diagram');
  const labelRef = useRef(label);
  useEffect(() => {
    labelRef.current = label;
  });

  // One bpmn-js instance per mode, created once its chunk has loaded.
  useEffect(() => {
    let live = true;
    let d: DiagramInstance | undefined;
    const ls = listeners.current;
    const el = host.current;
    void import('./bpmn-setup.ts')
      .then(({ createDiagram }) => (live && el ? createDiagram(el, { mode: p.mode, label: labelRef.current, describedBy: hintId, onChange: () => ls.forEach((fn) => fn()) }) : undefined))
      .then(
        (created) => {
          if (!created) return;
          if (!live) return created.destroy();
          d = created;
          setInst(created);
        },
        (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      live = false;
      d?.destroy();
    };
  }, [p.mode, hintId]);

  // Imports: the `xml` prop whenever it (or the instance) changes, and the handle's on demand.
  const importSeq = useRef(0);
  const importedProp = useRef<{ inst: DiagramInstance; xml: string } | null>(null);
  const run = useCallback(
    async (d: DiagramInstance, xml: string): Promise<void> => {
      const ticket = ++importSeq.current;
      try {
        const r = await d.importXml(xml);
        if (ticket !== importSeq.current) return;
        setImportError(null);
        setWarnings(r.warnings);
        setShown(new Map(r.shown.map((e) => [e.id, e.name || e.id])));
        setGeneration((g) => g + 1);
      } catch (e) {
        if (ticket === importSeq.current) {
          setImportError(e instanceof Error ? e.message : String(e));
          setWarnings(((e as { warnings?: unknown[] }).warnings ?? []).map((w) => (w as Error)?.message ?? String(w)));
          setShown(new Map());
        }
        throw e;
      }
    },
    [],
  );
  useEffect(() => {
    if (!inst || (importedProp.current?.inst === inst && importedProp.current.xml === p.xml)) return;
    importedProp.current = { inst, xml: p.xml };
    void run(inst, p.xml).catch(() => undefined);
  }, [inst, p.xml, run]);
  useEffect(() => {
    if (!inst) return;
    latest.current.onReady?.({
      getXml: () => inst.getXml(),
      importXml: (xml) => run(inst, xml),
      reveal: (id) => inst.reveal(id),
      onChange: (fn) => {
        listeners.current.add(fn);
        return () => void listeners.current.delete(fn);
      },
    });
  }, [inst, run]);

  // Markers: after every import (it clears them) and whenever the lists change.
  const highlight = p.highlight ?? NONE;
  const done = p.done ?? NONE;
  const problems = p.problems ?? NONE;
  const marksKey = JSON.stringify([highlight, done, problems]);
  useEffect(() => {
    if (!inst || generation === 0) return;
    const [h, d, pr] = JSON.parse(marksKey) as [string[], string[], BpmnDiagramProps['problems'] & object];
    inst.setMarks({ highlight: h, done: d, problems: pr });
  }, [inst, generation, marksKey]);

  const current = shown ? highlight.filter((id) => shown.has(id)).map((id) => shown.get(id)!) : [];
  return (
    <div className="hwfl-bpmn" style={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8, height: '100%', minHeight: 360 }} data-testid="bpmn-diagram" data-mode={p.mode} data-ready={inst && generation > 0 ? '1' : '0'}>
      {loadError && <Alert type="error" showIcon title={t('hwfl.modeler.diagram.loadError', 'The diagram editor could not be loaded')} description={loadError} />}
      {importError && (
        <Alert
          type="error"
          showIcon
          data-testid="bpmn-import-error"
          title={t('hwfl.modeler.diagram.importError', 'The BPMN XML could not be imported')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{importError}</span>}
        />
      )}
      {!importError && warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="bpmn-import-warnings"
          title={t('hwfl.modeler.diagram.warnings', 'Imported with {{count}} warning(s)', { count: warnings.length })}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{warnings.slice(0, 5).join('\n')}</span>}
        />
      )}
      <div style={{ position: 'relative', flex: 1, minHeight: 320, border: '1px solid var(--app-border)', borderRadius: 6, overflow: 'hidden', background: '#fff' }}>
        {!inst && !loadError && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 20 }} />}
        <div ref={host} role={p.mode === 'edit' ? 'application' : 'figure'} aria-label={label} aria-describedby={hintId} style={{ position: 'absolute', inset: 0 }} data-testid="bpmn-canvas" />
      </div>
      {problems.length > 0 && (
        <ul aria-label={t('hwfl.modeler.diagram.problems', 'Problems')} data-testid="bpmn-problems" data-count={problems.length} style={{ flex: 'none', maxHeight: 160, overflow: 'auto', margin: 0, padding: '4px 12px', listStyle: 'none', border: '1px solid var(--app-error-border)', borderRadius: 6, background: 'var(--app-error-bg)' }}>
          {problems.map((x, i) => (
            <li key={i} data-testid="bpmn-problem" data-element={x.element} data-shown={shown?.has(x.element) ? '1' : '0'} style={{ padding: '2px 0' }}>
              {shown?.has(x.element) ? (
                <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => inst?.reveal(x.element)} title={t('hwfl.modeler.diagram.reveal', 'Show the element in the diagram')}>
                  <code>{x.element}</code>
                </Button>
              ) : (
                <code>{x.element}</code>
              )}{' '}
              {x.message}
            </li>
          ))}
        </ul>
      )}
      <span id={hintId} style={VISUALLY_HIDDEN}>
        {p.mode === 'edit'
          ? t('hwfl.modeler.diagram.editHint', 'Tab moves past the diagram. With the diagram focused, arrow keys move the view, Ctrl+Z undoes, Delete removes the selected element.')
          : t('hwfl.modeler.diagram.viewHint', 'Tab moves past the diagram. With the diagram focused, arrow keys move the view.')}
        {current.length > 0 && ` ${t('hwfl.modeler.diagram.current', 'Current step: {{names}}', { names: current.join(', ') })}`}
      </span>
    </div>
  );
}

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export default BpmnDiagram;
