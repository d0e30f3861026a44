import { administratorResource } from './administrators.js';
import { roleResource } from './roles.js';
import { aiPromptResource } from './aiPrompts.js';
import { audienceResource } from './audiences.js';
import { authorResource } from './authors.js';
import { categoryResource } from './categories.js';
import { companyResource } from './companies.js';
import { contactResource } from './contacts.js';
import { countryResource } from './countries.js';
import { formatResource } from './formats.js';
import { genreResource } from './genres.js';
import { literaryPrizeResource } from './literaryPrizes.js';
import { newsResource } from './news.js';
import { optionListResources } from './optionLists.js';
import { periodResource } from './periods.js';
import { planResource } from './plans.js';
import { thematicResource } from './thematics.js';
import { timeResource } from './times.js';
import { userResource } from './users.js';
import { demandResource } from './demands.js';
import { reporterResource } from './reporters.js';
import type { ResourceDefinition } from '../engine/resourceTypes.js';

/** Every schema-driven resource served under `/api/admin/{api}`. Add a resource here. */
export const RESOURCES: readonly ResourceDefinition[] = [
  genreResource,
  timeResource,
  periodResource,
  thematicResource,
  audienceResource,
  categoryResource,
  formatResource,
  countryResource,
  ...optionListResources,
  newsResource,
  literaryPrizeResource,
  aiPromptResource,
  administratorResource,
  roleResource,
  contactResource,
  companyResource,
  authorResource,
  userResource,
  planResource,
  demandResource,
  reporterResource,
];
