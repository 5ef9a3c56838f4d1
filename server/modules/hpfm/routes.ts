import type { RouteGroup } from '../../http/route-group.ts';
import { hpfmConfigRoutes } from './config.ts';
import { formulaFactRoutes } from './formula-facts.ts';
import { lovRoutes } from './lovs.ts';
import { hpfmMasterDataRoutes } from './md-org.ts';
import { multiLanguageRoutes } from './multi-language.ts';
import { promptRoutes } from './prompts.ts';
import { regionCascadeRoutes } from './regions-cascade.ts';
import { regionRoutes } from './regions.ts';
import { staticTextRoutes } from './static-texts.ts';
import { tableSettingsRoutes } from './table-settings.ts';
import { uiPageRoutes } from './ui-pages.ts';

/** Platform calls: stored pages, value sets and LOVs, prompts, regions, texts, languages, data permissions and the SQL console, master-data rules, table settings. */
export const routes: RouteGroup[] = [
  uiPageRoutes,
  lovRoutes,
  promptRoutes,
  regionRoutes,
  regionCascadeRoutes,
  staticTextRoutes,
  multiLanguageRoutes,
  hpfmConfigRoutes,
  hpfmMasterDataRoutes,
  tableSettingsRoutes,
  formulaFactRoutes,
];
