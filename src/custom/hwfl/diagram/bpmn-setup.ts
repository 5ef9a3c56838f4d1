import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './bpmn-diagram.css';

/**
 * bpmn-js for the workflow screens. Only this module imports bpmn-js (and its CSS), and only
 * BpmnDiagram.tsx imports this module, with `import()`: bpmn-js is never part of the main bundle.
 * The viewer and the modeler are further chunks of their own, so a screen that only shows a
 * diagram (a task, an instance) does not load the modeler's editing code.
 */
export interface DiagramMarks {
  /** The current nodes of a running instance. */
  highlight: string[];
  /** Nodes (and flows) already passed. */
  done: string[];
  problems: Array<{ element: string; message: string }>;
}

export interface DiagramOptions {
  mode: 'view' | 'edit';
  /** The accessible name of the canvas (the focusable SVG). */
  label: string;
  /** The id of an element describing the keyboard use. */
  describedBy?: string;
  /** Each change made in the modeler (not imports). */
  onChange?(): void;
}

export interface ImportResult {
  warnings: string[];
  /** The elements drawn (the process itself and labels excluded), with their names. */
  shown: Array<{ id: string; name?: string }>;
}

export interface DiagramInstance {
  /** Rejects with bpmn-js's error when the XML does not import; the previous diagram may be gone then. */
  importXml(xml: string): Promise<ImportResult>;
  getXml(): Promise<string>;
  setMarks(marks: DiagramMarks): void;
  /** Selects an element and centres it in the view; false when the diagram has no such element. */
  reveal(elementId: string): boolean;
  destroy(): void;
}

/** The CSS classes given to canvas.addMarker (styled in bpmn-diagram.css). */
export const MARKER = { highlight: 'hwfl-current', done: 'hwfl-done', problem: 'hwfl-problem' } as const;
const PROBLEM_OVERLAY = 'hwfl-problem';

interface Shape {
  id: string;
  type?: string;
  labelTarget?: unknown;
  businessObject?: { name?: string };
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  waypoints?: Array<{ x: number; y: number }>;
}
interface Canvas {
  addMarker(el: string, marker: string): void;
  removeMarker(el: string, marker: string): void;
  zoom(level: 'fit-viewport' | number, center?: 'auto' | { x: number; y: number }): number;
  viewbox(box?: { x: number; y: number; width: number; height: number }): { x: number; y: number; width: number; height: number };
  getRootElement(): Shape;
  resized(): void;
  getContainer(): HTMLElement;
}
interface Registry {
  get(id: string): Shape | undefined;
  getAll(): Shape[];
}
interface Overlays {
  add(el: string, type: string, o: { position: { top?: number; right?: number; bottom?: number; left?: number }; html: HTMLElement }): string;
  remove(filter: { type: string }): void;
}
interface Selection {
  select(el: Shape): void;
}

const messageOf = (w: unknown) => (typeof w === 'string' ? w : ((w as { message?: string })?.message ?? String(w)));

function boundsOf(el: Shape): { x: number; y: number; width: number; height: number } | undefined {
  if (el.waypoints?.length) {
    const xs = el.waypoints.map((p) => p.x);
    const ys = el.waypoints.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  if (el.x === undefined || el.y === undefined) return undefined;
  return { x: el.x, y: el.y, width: el.width ?? 0, height: el.height ?? 0 };
}

export async function createDiagram(parent: HTMLElement, o: DiagramOptions): Promise<DiagramInstance> {
  const Ctor = o.mode === 'edit' ? (await import('bpmn-js/lib/Modeler')).default : (await import('bpmn-js/lib/NavigatedViewer')).default;
  const diagram = new Ctor({ container: parent });
  const canvas = diagram.get<Canvas>('canvas');
  const registry = diagram.get<Registry>('elementRegistry');
  const overlays = diagram.get<Overlays>('overlays');
  const selection = diagram.get<Selection | null>('selection', false);

  // The focusable SVG (diagram-js gives it tabindex 0 and binds the keyboard to it alone, so Tab
  // moves on as everywhere else) gets the accessible name.
  const svg = canvas.getContainer().querySelector('svg');
  svg?.setAttribute('aria-label', o.label);
  if (o.describedBy) svg?.setAttribute('aria-describedby', o.describedBy);

  diagram.on('commandStack.changed', (e: { trigger?: string | null }) => {
    if (e.trigger !== 'clear') o.onChange?.();
  });

  // Fit the diagram once the container has a size (it may be in a hidden tab when imported).
  let fitted = false;
  const hasSize = () => parent.clientWidth > 0 && parent.clientHeight > 0;
  const fit = () => {
    if (!hasSize()) return;
    canvas.resized();
    canvas.zoom('fit-viewport', 'auto');
    fitted = true;
  };
  const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => (fitted ? hasSize() && canvas.resized() : fit()));
  resize?.observe(parent);

  let marked: Array<[string, string]> = [];
  return {
    async importXml(xml) {
      marked = [];
      const { warnings } = await diagram.importXML(xml);
      fitted = false;
      fit();
      const root = canvas.getRootElement();
      const shown = registry
        .getAll()
        .filter((e) => e !== root && !e.labelTarget && e.type !== 'label' && !e.type?.startsWith('bpmn:Process') && !e.type?.startsWith('bpmn:Collaboration'))
        .map((e) => ({ id: e.id, name: e.businessObject?.name }));
      return { warnings: (warnings as unknown[]).map(messageOf), shown };
    },
    async getXml() {
      const { xml } = await diagram.saveXML({ format: true });
      return xml ?? '';
    },
    setMarks(m) {
      for (const [id, marker] of marked) if (registry.get(id)) canvas.removeMarker(id, marker);
      marked = [];
      overlays.remove({ type: PROBLEM_OVERLAY });
      const root = canvas.getRootElement();
      const mark = (id: string, marker: string) => {
        const el = registry.get(id);
        if (!el || el === root) return false;
        canvas.addMarker(id, marker);
        marked.push([id, marker]);
        return true;
      };
      for (const id of m.done) mark(id, MARKER.done);
      for (const id of m.highlight) mark(id, MARKER.highlight);
      const byElement = new Map<string, string[]>();
      for (const p of m.problems) byElement.set(p.element, [...(byElement.get(p.element) ?? []), p.message]);
      for (const [id, messages] of byElement) {
        if (!mark(id, MARKER.problem)) continue;
        const badge = document.createElement('div');
        badge.className = 'hwfl-problem-badge';
        badge.setAttribute('role', 'note');
        badge.textContent = messages.join('; ');
        badge.title = messages.join('\n');
        overlays.add(id, PROBLEM_OVERLAY, { position: { bottom: -6, left: 0 }, html: badge });
      }
    },
    reveal(id) {
      const el = registry.get(id);
      const box = el && el !== canvas.getRootElement() ? boundsOf(el) : undefined;
      if (!el || !box) return false;
      selection?.select(el);
      const vb = canvas.viewbox();
      canvas.viewbox({ x: box.x + box.width / 2 - vb.width / 2, y: box.y + box.height / 2 - vb.height / 2, width: vb.width, height: vb.height });
      return true;
    },
    destroy() {
      resize?.disconnect();
      diagram.destroy();
    },
  };
}
