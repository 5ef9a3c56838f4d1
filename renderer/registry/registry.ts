import type { ComponentType } from 'react';
import type { LazyModule, TypeRegistry } from '../contracts/registries.ts';

/**
 * One registry per kind of thing a schema names by `type` (page kinds, fields, cells, actions).
 * Registering a type twice throws; an unknown type is reported with the names that exist.
 */
export class Registry<T> implements TypeRegistry<T> {
  private readonly entries = new Map<string, LazyModule<T>>();
  private readonly loaded = new Map<string, T>();

  constructor(readonly kind: string) {}

  register(type: string, load: LazyModule<T>): void {
    if (this.entries.has(type)) throw new Error(`${this.kind} type "${type}" is registered twice`);
    this.entries.set(type, load);
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  types(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** Already loaded implementation, for synchronous render paths. */
  peek(type: string): T | undefined {
    return this.loaded.get(type);
  }

  async resolve(type: string): Promise<T> {
    const hit = this.loaded.get(type);
    if (hit) return hit;
    const load = this.entries.get(type);
    if (!load) throw new Error(`unknown ${this.kind} type "${type}"; known: ${this.types().join(', ')}`);
    const impl = (await load()).default;
    this.loaded.set(type, impl);
    return impl;
  }
}

export type AnyComponent = ComponentType<never>;
