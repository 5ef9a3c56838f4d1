import { SchemaErrorPanel } from '../../errors/SchemaErrorPanel.tsx';
import { useServices } from '../../runtime/services.ts';
import { usePrepared } from '../../runtime/usePrepared.ts';
import { SchemaError } from '../../schema/schema-error.ts';
import type { CustomScreen } from '../../schema/screen.ts';
import type { PageProps } from '../../contracts/pages.ts';

/** The escape hatch: a component registered by name, given the schema's props and the route params. */
export default function CustomPage({ screen, params, file }: PageProps<CustomScreen>) {
  const { customComponents } = useServices().registries;
  const prepared = usePrepared(async () => {
    if (!customComponents.has(screen.component)) throw new SchemaError(`no custom component "${screen.component}" is registered; known: ${customComponents.types().join(', ') || 'none'}`, '/component');
    return customComponents.resolve(screen.component);
  }, [screen.component]);
  if (prepared.status === 'loading') return null;
  if (prepared.status === 'error') return <SchemaErrorPanel file={file} problems={[{ path: prepared.path, message: prepared.message }]} />;
  const C = prepared.value;
  return <C {...(screen.props ?? {})} params={params} screen={screen} />;
}
