import { NOTICE_CHANNELS, NOTICE_TEMPLATES } from '@hk/domain/review/notices';
import { OUTBOX_ERROR_KINDS, OUTBOX_OPEN_STATUSES, OUTBOX_STATUSES } from '@hk/domain/review/outbox';

// Keys of the `outbox` namespace chosen at run time (the locales test checks each exists): the
// console says states, channels, messages and problems in words, never their codes.

export const statusKey = (s: (typeof OUTBOX_STATUSES)[number]) => `status_${s}`;
export const filterKey = (s: (typeof OUTBOX_OPEN_STATUSES)[number] | 'all') => `filter_${s}`;
export const channelKey = (c: (typeof NOTICE_CHANNELS)[number]) => `channel_${c}`;
export const templateKey = (t: (typeof NOTICE_TEMPLATES)[number]) => `template_${t}`;
export const errorKindKey = (k: (typeof OUTBOX_ERROR_KINDS)[number]) => `error_${k}`;

export const OUTBOX_RUNTIME_KEYS: readonly string[] = [
  ...OUTBOX_STATUSES.map(statusKey),
  ...OUTBOX_OPEN_STATUSES.map(filterKey),
  filterKey('all'),
  ...NOTICE_CHANNELS.map(channelKey),
  ...NOTICE_TEMPLATES.map(templateKey),
  ...OUTBOX_ERROR_KINDS.map(errorKindKey),
];
