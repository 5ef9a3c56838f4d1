import { action, makeObservable, observableRef, runInAction } from 'mobx';
import { fillUrl } from '../data/url-template.ts';
import type { RendererServices } from '../contracts/services.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import { mergeSettings, sameSettings, schemaSettings, type TableSettings } from './column-settings.ts';
import { platformCalls } from '../schema/wire/platform-calls.ts';

/** The server's key for a screen: its route pattern as a dotted code (`/sodr/send-order/list` → `sodr.send-order.list`). */
export function tableScreenCode(route: string): string {
  return route
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/^:/, ''))
    .join('.')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 120);
}

/**
 * One table's column settings for the signed-in user: loaded with the page, changed from the
 * column panel, saved to the server (`/hpfm/v1/{tenantId}/table-settings/{screenCode}`). Components
 * observe `settings`; only this store talks to the server. A change shows at once; saves go out
 * one at a time and always send the latest settings, so a slow answer never undoes a later click.
 */
export class TableSettingsStore {
  settings: TableSettings;
  private readonly defaults: TableSettings;
  private saving: Promise<void> = Promise.resolve();
  private sent: TableSettings | undefined;

  constructor(
    private readonly services: RendererServices,
    readonly screenCode: string,
    readonly columns: ResolvedColumn[],
  ) {
    this.defaults = schemaSettings(columns);
    this.settings = this.defaults;
    makeObservable<TableSettingsStore, 'saving' | 'sent'>(this, { settings: observableRef, saving: false, sent: false, change: action, reset: action });
  }

  private get url(): string {
    return fillUrl(platformCalls.tableSettingsGet.url, { tenantId: this.services.user.tenantId, screenCode: this.screenCode });
  }

  get isDefault(): boolean {
    return sameSettings(this.settings, this.defaults);
  }

  /** Reads the saved settings; without any (or if the call fails) the schema's stay. */
  async load(): Promise<void> {
    try {
      const saved = await this.services.request<Partial<TableSettings>>(this.url, { silent: true });
      runInAction(() => {
        this.settings = mergeSettings(this.columns, saved && typeof saved === 'object' && 'order' in saved ? saved : null);
      });
    } catch {
      /* the schema's columns are a fine answer: the table works without saved settings */
    }
  }

  change(next: TableSettings): Promise<void> {
    this.settings = next;
    return this.save();
  }

  /** Back to the schema's columns; the saved row is removed rather than overwritten with a copy. */
  reset(): Promise<void> {
    this.settings = this.defaults;
    return this.save();
  }

  private save(): Promise<void> {
    this.saving = this.saving.then(async () => {
      const current = this.settings;
      // Clicks queued behind a slow save collapse into one call with the latest settings.
      if (current === this.sent) return;
      this.sent = current;
      try {
        if (sameSettings(current, this.defaults)) await this.services.request(this.url, { method: 'DELETE' });
        else await this.services.request(this.url, { method: 'PUT', body: current });
      } catch {
        /* the request layer has told the user; the columns stay as chosen for this visit */
      }
    });
    return this.saving;
  }
}
