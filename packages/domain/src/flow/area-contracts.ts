// One contract per endpoint (engineering guide): the mainland area list of the address step.
import * as z from 'zod/mini';
import { envelope } from '../contracts/common.schema';

const codeToName = z.record(z.string().check(z.regex(/^\d{6}$/)), z.string());

// GET /app/area/query (spec §7; spec §3: province_list, city_list, county_list keyed by 6-digit code)
export const AreaQueryResponseSchema = envelope(
  z.object({ province_list: codeToName, city_list: codeToName, county_list: codeToName }),
);
export type AreaQueryResponse = z.infer<typeof AreaQueryResponseSchema>;
