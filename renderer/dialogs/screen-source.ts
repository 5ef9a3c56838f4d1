import type { RendererServices, ScreenSource } from '../contracts/services.ts';

/**
 * The screen a `modal` action opens: the host's resolution when it has one (stored pages and
 * tenant overlays, exactly as its tabs get them), else the schema file shipped with the app.
 */
export async function screenSource(s: RendererServices, file: string): Promise<ScreenSource> {
  const hosted = s.screenSource?.(file);
  if (hosted) return hosted;
  // The route table is only needed by hosts that do not resolve screens themselves.
  const { loadScreens } = await import('virtual:screen-manifest');
  const screens = await loadScreens();
  const entry = screens.find((x) => x.file === file);
  if (!entry) throw new Error(`no schema file ${file}`);
  return { file, load: entry.load };
}
