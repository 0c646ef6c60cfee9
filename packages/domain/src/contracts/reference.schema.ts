import * as z from 'zod/mini';
import { envelope, optionalText } from './common.schema';

// GET /user/login/get_region_list?type=open  (spec §3: code, country, No = dial code)
export const RegionListRequestSchema = z.object({ type: optionalText(20) });
export const RegionListResponseSchema = envelope(
  z.array(z.object({ code: z.string(), country: z.string(), No: z.string() })),
);

// POST /app/index/getIpInfo
export const IpInfoResponseSchema = envelope(
  z.object({ tel: z.string(), tel_hk: z.string(), service_hours: z.string() }),
);

// GET /v9/OpenAccountHk/getCA?caType=
export const CaRequestSchema = z.object({ caType: optionalText(10) });
export const CaResponseSchema = envelope(z.enum(['sz', 'gd']));

// GET /v9/OpenAccountHk/get_country_list
export const CountryListResponseSchema = envelope(z.array(z.object({ code: z.string(), name: z.string() })));
