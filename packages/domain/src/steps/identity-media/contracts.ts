// One contract per endpoint (engineering guide): spec §7 `liveVideoCheck`, the digits a face video
// is read with (issue #7 step 2). The video itself goes through the upload call (kind
// `face_video`, with `live_code_id`); the method through the generic step call.
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';

// POST /v9/OpenAccountHk/liveVideoCheck (no body beyond the common signed parameters) — session required
export const LiveVideoCheckResponseSchema = envelope(
  z.object({
    /** Names this attempt in the face video's upload (`live_code_id`): single use. */
    live_code_id: z.string(),
    /** The 4 digits the person reads aloud in the video. */
    digits: z.string(),
    /** After this the attempt is refused (2015); ask for new digits. */
    expires_at: z.string(),
  }),
);
export type LiveVideoCheck = z.infer<typeof LiveVideoCheckResponseSchema>['data'];
