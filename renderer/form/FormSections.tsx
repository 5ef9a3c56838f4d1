import { Card, Col, Form, Row } from 'antd';
import { observer } from 'mobx-react-lite';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';
import { useServices } from '../runtime/services.ts';
import type { ResolvedSection } from '../contracts/forms.ts';
import { FieldRenderer } from './FieldRenderer.tsx';
import type { FormStore } from './FormStore.ts';

/** Sections of fields in a grid; each field observes itself (see FieldRenderer). */
export const FormSections = observer(function FormSections({ store, sections, readOnly }: { store: FormStore; sections: ResolvedSection[]; readOnly?: boolean }) {
  const s = useServices();
  return (
    <Form layout="vertical" component="div">
      {sections.map(({ section, fields }, i) =>
        evaluateFlag(section.visible, store.scope(), true) ? (
          <Card key={i} size="small" title={section.title ? s.label(section.title) : undefined} style={{ marginBottom: 12 }}>
            <Row gutter={48}>
              {fields.map((f) => (
                <Col key={f.name} span={Math.min(24, Math.floor(24 / (section.columns ?? 3)) * (f.span ?? 1))}>
                  <FieldRenderer store={store} field={f} readOnly={readOnly} />
                </Col>
              ))}
            </Row>
          </Card>
        ) : null,
      )}
    </Form>
  );
});

/** Scrolls to and focuses the first invalid field (§5). */
export function scrollToField(name: string): void {
  const el = document.querySelector(`[data-field="${name}"]`);
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  (document.getElementById(`field-${name}`) as HTMLElement | null)?.focus?.();
}
