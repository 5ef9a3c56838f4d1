import { type ReactNode, useEffect, useMemo } from 'react';
import type { FormStore } from '../form/FormStore.ts';
import { useServices } from '../runtime/services.ts';
import type { ResolvedField } from '../schema/resolve-field.ts';
import { FieldCheckRunner } from './field-check.ts';

/**
 * Wraps a field that declares `check`: leaving the field (focus moving out of the widget)
 * schedules the check, and the form awaits it before saving (FormStore.validateAll).
 */
export function FieldCheck({ store, field, children }: { store: FormStore; field: ResolvedField; children: ReactNode }) {
  const s = useServices();
  const runner = useMemo(() => new FieldCheckRunner(field, store, s), [field, store, s]);
  useEffect(() => {
    const unregister = store.registerCheck(field.name, () => runner.run());
    return () => {
      unregister();
      runner.cancel();
    };
  }, [store, field.name, runner]);
  return (
    <div
      data-check={field.name}
      onBlur={(e) => {
        // Focus moving between parts of one widget (a picker's inputs) is not leaving the field.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) runner.schedule();
      }}
    >
      {children}
    </div>
  );
}
