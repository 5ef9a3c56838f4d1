import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { checkHealth, type Health } from './health.ts';

export interface TopologyNode {
  serviceCode: string;
  serviceName: string | null;
  serviceVersionNumber: string | null;
  /** A service depended on that is not part of this product version. */
  external: boolean;
  health: Health;
}

export interface TopologyLink {
  source: string;
  target: string;
  relyType: string | null;
}

/** The services of a product version and the dependencies among them (and on services outside it), with each one's health. */
export async function topology(db: Queryable, app: FastifyInstance, productId: number, productVersionId: number) {
  const members = (
    await db.query<{ serviceCode: string; serviceVersionNumber: string | null }>(
      `select service_code as "serviceCode", max(service_version_number) as "serviceVersionNumber" from hsgp_product_service
        where product_id = $1 and product_version_id = $2 group by service_code order by service_code`,
      [productId, productVersionId],
    )
  ).rows;
  const codes = members.map((m) => m.serviceCode);
  const links = (
    await db.query<TopologyLink>(
      `select distinct service_code as source, rely_service_code as target, rely_type as "relyType" from hsgp_service_rely where service_code = any($1::text[]) order by 1, 2`,
      [codes],
    )
  ).rows;
  const all = [...new Set([...codes, ...links.map((l) => l.target)])];
  const services = new Map(
    (
      await db.query<{ serviceCode: string; serviceName: string; healthUrl: string | null }>(
        'select service_code as "serviceCode", service_name as "serviceName", health_url as "healthUrl" from hsgp_service where service_code = any($1::text[])',
        [all],
      )
    ).rows.map((s) => [s.serviceCode, s]),
  );
  const version = new Map(members.map((m) => [m.serviceCode, m.serviceVersionNumber]));
  const nodes: TopologyNode[] = await Promise.all(
    all.map(async (code) => ({
      serviceCode: code,
      serviceName: services.get(code)?.serviceName ?? null,
      serviceVersionNumber: version.get(code) ?? null,
      external: !version.has(code),
      health: await checkHealth(app, services.get(code)?.healthUrl),
    })),
  );
  return { nodes, links };
}
