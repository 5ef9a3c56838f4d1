import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '../../../renderer/schema-files/screen-files.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { applyOverlay, isOverlay, type OverlayConflict, overlayConflicts } from '../../../renderer/schema/overlay.ts';
import { formatSchemaJson } from '../../../renderer/schema/format-json.ts';
import type { Queryable } from '../../db/database.ts';
import { projectRoot } from '../../paths.ts';
import { type PageRow, SITE, type UiPageStore } from './ui-pages-store.ts';

/**
 * What a stored page turns into on screen. A full page is its own JSON. A tenant overlay holds
 * only a delta over its base: the site page of the same code when that is published, else the
 * file schema of its route; the delta is applied at request time, so base changes reach it.
 */
export interface Base {
  source: 'page' | 'file';
  /** The site page code or the schema file. */
  ref: string;
  text: string;
  /** The site page's published version (pages only). */
  version?: number;
}

export interface Effective {
  text: string;
  conflicts: OverlayConflict[];
}

type Json = Record<string, unknown>;

/** The route of a screen document: `route`, or the first of `routes`. */
export function routeOf(doc: unknown): string | undefined {
  if (!doc || typeof doc !== 'object') return undefined;
  const d = doc as Json;
  if (typeof d.route === 'string') return d.route;
  return Array.isArray(d.routes) && typeof d.routes[0] === 'string' ? d.routes[0] : undefined;
}

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class PageResolver {
  private routes?: Map<string, string>;

  constructor(
    private readonly store: UiPageStore,
    private readonly entities: Map<string, EntityDecl>,
    private readonly schemasDir = join(projectRoot, 'schemas'),
    /** Value-set codes that exist, for rule 7 of docs/overlays.md (an unknown `lov` is invalid). */
    private readonly lovCodes?: () => ReadonlySet<string>,
  ) {}

  /** Schema files by route, read once: files do not change under a running server. */
  private fileByRoute(): Map<string, string> {
    if (!this.routes) {
      this.routes = new Map();
      for (const e of readManifest(this.schemasDir)) for (const r of e.routes) if (!this.routes.has(r)) this.routes.set(r, e.file);
    }
    return this.routes;
  }

  fileFor(route: string | null | undefined): { file: string; text: string } | undefined {
    const file = route ? this.fileByRoute().get(route) : undefined;
    return file ? { file, text: readFileSync(join(this.schemasDir, file), 'utf8') } : undefined;
  }

  /** The base of a tenant page's overlay, or undefined when it has none (yet). */
  async baseOf(db: Queryable, pageCode: string, route: string | null | undefined): Promise<Base | undefined> {
    const site = await this.store.find(db, SITE, pageCode);
    if (site?.publishedContent) return { source: 'page', ref: site.pageCode, text: site.publishedContent, version: site.publishedVersion ?? undefined };
    const file = this.fileFor(route ?? site?.route);
    return file && { source: 'file', ref: file.file, text: file.text };
  }

  /** The entity of a screen, for the rules that depend on its declared required flags and defaults. */
  entityOf(doc: unknown): EntityDecl | undefined {
    const name = (doc as Json | undefined)?.entity;
    return typeof name === 'string' ? this.entities.get(name) : undefined;
  }

  /** `overlayText` over `base`: the merged screen as text, and what could not be applied. */
  merge(base: Base | undefined, overlayText: string, previousBaseText?: string | null): Effective {
    const overlay = parseJson(overlayText);
    const baseDoc = parseJson(base?.text);
    if (!baseDoc) return { text: overlayText, conflicts: [{ path: '', kind: 'missing', message: 'this overlay has no base: no published site page of this code and no schema file for its route' }] };
    if (!isOverlay(overlay)) return { text: base!.text, conflicts: overlayConflicts(baseDoc as object, overlay) };
    const entity = this.entityOf(baseDoc);
    const conflicts = overlayConflicts(baseDoc as object, overlay, parseJson(previousBaseText) as object | undefined, entity, { lovCodes: this.lovCodes?.() });
    return { text: formatSchemaJson(applyOverlay(baseDoc as object, overlay, entity).screen), conflicts };
  }

  /** The draft (designer, preview) or the published screen (users) of a page. */
  async effective(db: Queryable, page: PageRow, which: 'draft' | 'published'): Promise<Effective> {
    const own = which === 'draft' ? page.content : page.publishedContent;
    if (!page.overlayFlag) return { text: own ?? '', conflicts: [] };
    const base = await this.baseOf(db, page.pageCode, page.route);
    return this.merge(base, own ?? '', which === 'draft' ? page.baseContent : undefined);
  }
}
